import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { people } from '../../../../db/schema'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, walkPages, type PersonWithSpans, type TestSchool } from '../../../support/roles-fixtures'

const byNewest = (a: any, b: any) => a.validFrom !== b.validFrom ? (a.validFrom < b.validFrom ? 1 : -1) : (a.id < b.id ? 1 : -1)

describe('GET /api/v1/affiliations', () => {
  let school: TestSchool
  let other: TestSchool
  let token: string
  let today: string
  let ids: string[]

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney' })
    other = await newSchool({ timeZone: 'Australia/Sydney' })
    token = await school.token(['affiliation.read'])
    today = todayInZone('Australia/Sydney')
    const people: PersonWithSpans[] = []
    // Many spans share a first day, so the id has to break ties for a stable order across pages.
    for (let i = 0; i < 30; i++) {
      people.push({
        familyName: `Person${i}`, givenNames: 'Test',
        spans: [{ validFrom: `20${String(15 + (i % 5)).padStart(2, '0')}-01-28`, validTo: i % 3 === 0 ? `2024-12-0${1 + (i % 9)}` : null, yearLevel: '7' }]
      })
    }
    people.push({
      familyName: 'Staff', givenNames: 'Member',
      spans: [{ kind: 'staff_member', validFrom: '2010-01-20' }, { kind: 'board_member', validFrom: '2020-03-01', validTo: '2022-02-28' }]
    })
    people.push({ familyName: 'Starts', givenNames: 'Tomorrow', spans: [{ validFrom: addDays(today, 1) }] })
    people.push({ familyName: 'Ends', givenNames: 'Today', spans: [{ validFrom: '2020-01-28', validTo: today }] })
    people.push({ familyName: 'Ended', givenNames: 'Yesterday', spans: [{ validFrom: '2020-01-28', validTo: addDays(today, -1) }] })
    ids = await addPeopleWithSpans(school, people)
    await addPeopleWithSpans(other, [{ familyName: 'Other', givenNames: 'School', spans: [{ validFrom: '2019-01-28' }] }])
  })

  it('answers 401 without a token and 403 naming affiliation.read without the scope', async () => {
    expectEnvelope(await callApi('/api/v1/affiliations'), 401, 'unauthenticated')
    const data = expectEnvelope(await callApi('/api/v1/affiliations', { token: await school.token(['person.read', 'billing.read']) }), 403, 'forbidden')
    expect(data.detail.join(' ')).toContain('affiliation.read')
  })

  it('lists the school\'s spans newest first, closed ones included, with kind and span only', async () => {
    const answer = await callApi('/api/v1/affiliations?limit=1000', { token })
    expect(answer.status).toBe(200)
    const items = answer.body.items
    expect(items).toHaveLength(35)
    expect(items).toEqual([...items].sort(byNewest))
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'kind', 'personId', 'validFrom', 'validTo'])
    expect(new Set(items.map((item: any) => item.personId))).toEqual(new Set(ids))
    expect(items.filter((item: any) => item.validTo !== null).length).toBe(13)
    expect(answer.body.nextCursor).toBeNull()
  })

  it('keeps the newest-first order stable across pages, returning each span once while spans are added', async () => {
    const whole = (await callApi('/api/v1/affiliations?limit=1000', { token })).body.items
    let added = 0
    const pages = await walkPages('/api/v1/affiliations?limit=4', async (path) => {
      const answer = await callApi(path, { token })
      // A span that starts in between lands before or after the cursor; none seen so far comes back.
      await addPeopleWithSpans(school, [{ familyName: `Late${added++}`, givenNames: 'Joiner', spans: [{ validFrom: '2017-01-28' }] }])
      return answer
    })
    const walked = pages.flat()
    expect(pages.slice(0, -1).every(page => page.length === 4)).toBe(true)
    expect(new Set(walked.map(item => item.id)).size).toBe(walked.length)
    expect(walked).toEqual([...walked].sort(byNewest))
    const walkedIds = new Set(walked.map(item => item.id))
    expect(whole.every((item: any) => walkedIds.has(item.id))).toBe(true)
  })

  it('filters by kind', async () => {
    const answer = await callApi('/api/v1/affiliations?kind=board_member', { token })
    expect(answer.body.items).toEqual([expect.objectContaining({ kind: 'board_member', validFrom: '2020-03-01', validTo: '2022-02-28' })])
  })

  it('with state=open returns only the spans in force today in the school\'s zone', async () => {
    const open = (await callApi('/api/v1/affiliations?state=open&limit=1000', { token })).body.items
    const everything = (await callApi('/api/v1/affiliations?limit=1000', { token })).body.items
    const expected = everything.filter((item: any) => item.validFrom <= today && (item.validTo === null || item.validTo >= today))
    expect(open).toEqual(expected)
    const [startsTomorrow, endsToday, endedYesterday] = ids.slice(-3)
    const personIds = open.map((item: any) => item.personId)
    expect(personIds).toContain(endsToday)
    expect(personIds).not.toContain(startsTomorrow)
    expect(personIds).not.toContain(endedYesterday)
  })

  it('leaves out the spans of a person the school deleted', async () => {
    const [gone] = await addPeopleWithSpans(school, [{ familyName: 'Deleted', givenNames: 'Person', spans: [{ validFrom: '2030-01-01' }] }])
    expect((await callApi('/api/v1/affiliations?limit=1', { token })).body.items[0].personId).toBe(gone)
    await school.database.transaction(tx => tx.update(people).set({ deletedAt: new Date().toISOString() }).where(eq(people.id, gone!)))
    const items = (await callApi('/api/v1/affiliations?limit=1000', { token })).body.items
    expect(items.map((item: any) => item.personId)).not.toContain(gone)
  })

  it('shows another school\'s token only that school\'s spans, and refuses this school\'s cursor', async () => {
    const otherToken = await other.token(['affiliation.read'])
    const answer = await callApi('/api/v1/affiliations', { token: otherToken })
    expect(answer.body.items).toHaveLength(1)
    const cursor = (await callApi('/api/v1/affiliations?limit=1', { token })).body.nextCursor
    expect(fieldPaths(await callApi(`/api/v1/affiliations?cursor=${cursor}`, { token: otherToken }))).toEqual(['cursor'])
  })

  it.each([
    ['state=closed', 'state'],
    ['kind=teacher', 'kind'],
    ['limit=1001', 'limit'],
    ['cursor=abc.def', 'cursor'],
    ['personId=per_x', 'personId']
  ])('refuses %s naming %s', async (query, field) => {
    const answer = await callApi(`/api/v1/affiliations?${query}`, { token })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual([field])
  })

  it('refuses a cursor from another list', async () => {
    const alumniToken = await school.token(['affiliation.read'])
    const cursor = (await callApi('/api/v1/alumni?limit=1', { token: alumniToken })).body.nextCursor
    expect(cursor).toEqual(expect.any(String))
    expect(fieldPaths(await callApi(`/api/v1/affiliations?cursor=${cursor}`, { token }))).toEqual(['cursor'])
  })

  it('is component_off when the school switches people off', async () => {
    const closed = await newSchool()
    await setSchoolModule(closed.context, 'people', 'off')
    expectEnvelope(await callApi('/api/v1/affiliations', { token: await closed.token(['affiliation.read']) }), 403, 'component_off')
  })
})
