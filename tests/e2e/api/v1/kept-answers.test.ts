import { beforeAll, describe, expect, it } from 'vitest'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { todayInZone } from '../../../../server/domain/days/clock'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../../support/roles-fixtures'

// Every read below is asked twice before the change, so the answer is kept when the change comes.
describe('kept answers follow the school\'s settings at once', () => {
  let school: TestSchool
  let token: string
  let finisher: string
  let leaver: string

  const alumni = async () => {
    const answer = await callApi('/api/v1/alumni', { token })
    expect(answer.status).toBe(200)
    return answer.body.items as { id: string, leftAt: string }[]
  }
  const readTwice = async () => {
    const first = await alumni()
    expect(await alumni()).toEqual(first)
    return first
  }

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney' })
    token = await school.token(['affiliation.read', 'person.read'])
    ;[finisher, leaver] = await addPeopleWithSpans(school, [
      { familyName: 'Finisher', givenNames: 'Fay', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
      { familyName: 'Leaver', givenNames: 'Lee', spans: [{ validFrom: '2017-01-30', validTo: '2021-06-30', yearLevel: '9' }] }
    ])
  })

  it('a changed alumni rule', async () => {
    expect((await readTwice()).map(item => item.id)).toEqual([finisher, leaver])
    await updateSchoolSettings(school.context, { alumniRule: 'completed_final_year' })
    expect((await readTwice()).map(item => item.id)).toEqual([finisher])
    await updateSchoolSettings(school.context, { alumniRule: 'any_former_student' })
    expect((await alumni()).map(item => item.id)).toEqual([finisher, leaver])
  })

  it('a changed final year level', async () => {
    await updateSchoolSettings(school.context, { alumniRule: 'completed_final_year' })
    expect((await readTwice()).map(item => item.id)).toEqual([finisher])
    // Year 12 stays listed: a span names it, so the school cannot drop it.
    await updateSchoolSettings(school.context, { finalYearLevel: '9' })
    expect((await alumni()).map(item => item.id)).toEqual([leaver])
    await updateSchoolSettings(school.context, { alumniRule: 'any_former_student', finalYearLevel: '12' })
  })

  it('a changed time zone', async () => {
    // A zone with another offset on the same day as Sydney, so the day the key carries cannot tell the answers apart.
    const sameDay = (['Asia/Tokyo', 'Pacific/Auckland'] as const).find(zone => todayInZone(zone) === todayInZone('Australia/Sydney'))!
    const leftAtThere = { 'Asia/Tokyo': '2024-12-05T15:00:00.000Z', 'Pacific/Auckland': '2024-12-05T11:00:00.000Z' }[sameDay]
    // 00:00 on the last day in the school's zone: Sydney is UTC+11 in December.
    expect((await readTwice()).find(item => item.id === finisher)!.leftAt).toBe('2024-12-05T13:00:00.000Z')
    await updateSchoolSettings(school.context, { timeZone: sameDay })
    expect((await readTwice()).find(item => item.id === finisher)!.leftAt).toBe(leftAtThere)
    await updateSchoolSettings(school.context, { timeZone: 'Australia/Sydney' })
    expect((await alumni()).find(item => item.id === finisher)!.leftAt).toBe('2024-12-05T13:00:00.000Z')
  })

  it('a module switched off, made read-only and switched on again', async () => {
    const before = await readTwice()
    const people = await callApi('/api/v1/people', { token: await school.token(['person.read']) })
    expect(people.status).toBe(200)
    await setSchoolModule(school.context, 'people', 'off')
    expectEnvelope(await callApi('/api/v1/alumni', { token }), 403, 'component_off')
    expectEnvelope(await callApi('/api/v1/people', { token: await school.token(['person.read']) }), 403, 'component_off')
    await setSchoolModule(school.context, 'people', 'read_only')
    expect(await alumni()).toEqual(before)
    await setSchoolModule(school.context, 'people', 'on')
    expect(await alumni()).toEqual(before)
  })
})

describe('kept answers by what the caller may see', () => {
  it('never show one token the answer kept for another with different scopes, whichever asks first', async () => {
    const school = await newSchool({ timeZone: 'Australia/Sydney' })
    const [ada, ben] = await addPeopleWithSpans(school, [
      { familyName: 'Abbott', givenNames: 'Ada', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
      { familyName: 'Brown', givenNames: 'Ben', spans: [{ validFrom: '2017-01-30', validTo: '2021-06-30', yearLevel: '9' }] }
    ])
    const withNames = await school.token(['affiliation.read', 'person.read'])
    const withoutNames = await school.token(['affiliation.read'])
    const alsoWithNames = await school.token(['affiliation.read', 'person.read', 'billing.read'])
    const named = [
      { id: ada, familyName: 'Abbott', givenNames: 'Ada', leftAt: '2024-12-05T13:00:00.000Z', exitYear: 2024 },
      { id: ben, familyName: 'Brown', givenNames: 'Ben', leftAt: '2021-06-29T14:00:00.000Z', exitYear: 2021 }
    ]
    const unnamed = named.map(({ id, leftAt, exitYear }) => ({ id, leftAt, exitYear }))
    const items = async (token: string, query = '') => (await callApi(`/api/v1/alumni${query}`, { token })).body.items

    // Unnamed first on one page size, named first on another, then each asks again after the other.
    expect(await items(withoutNames)).toEqual(unnamed)
    expect(await items(withNames)).toEqual(named)
    expect(await items(withNames, '?limit=1')).toEqual(named.slice(0, 1))
    expect(await items(withoutNames, '?limit=1')).toEqual(unnamed.slice(0, 1))
    expect(await items(withoutNames)).toEqual(unnamed)
    expect(await items(withNames)).toEqual(named)
    // A capability that adds nothing to the answer shares the kept answer of the callers who see the same.
    expect(await items(alsoWithNames)).toEqual(named)
  })
})
