import { beforeAll, describe, expect, it } from 'vitest'
import { enrolStudent } from '../../../../server/domain/admissions/enrol-student'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { declineOffer, offerApplication } from '../../../../server/domain/admissions/office-steps'
import { recordProtectionFlag } from '../../../../server/domain/restricted/protection-flags'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { addDays } from '../../../../server/domain/days/calendar'
import { todayInZone } from '../../../../server/domain/days/clock'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { acceptedApplication, applicationBody } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

describe('GET /api/v1/starters', () => {
  let school: TestSchool
  let token: string
  let today: string
  const ids: Record<string, string> = {}
  const shared = { familyName: 'Shared', givenNames: 'Parent', email: 'shared.parent@example.org', relationship: 'mother' }

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
    token = await school.token(['starter.read'])
    today = todayInZone(school.school.timeZone)
    const inTen = addDays(today, 10)

    const startedLastWeek = await enrolStudent(school.context, {
      student: { familyName: 'Early', givenNames: 'Bird', dateOfBirth: '2018-01-01' },
      carers: [{ familyName: 'Early', givenNames: 'Parent', email: 'early@example.org', relationship: 'father' }],
      yearLevel: '2', campus: 'North', startsOn: addDays(today, -7)
    })
    ids.started = startedLastWeek.studentId
    ids.earlyParent = startedLastWeek.carerIds[0]!

    const protectedChild = await acceptedApplication(school, applicationBody({
      student: { familyName: 'Kauri', givenNames: 'Flagged', dateOfBirth: '2019-02-02' },
      adults: [shared, { familyName: 'Only', givenNames: 'ForFlagged', email: 'only.hidden@example.org' }]
    }), { startsOn: inTen, campus: 'North' })
    await recordProtectionFlag(school.context, protectedChild.studentId, { kind: 'suppressed_details' })
    ids.protected = protectedChild.studentId
    ids.shared = protectedChild.adultIds[0]!
    ids.onlyForProtected = protectedChild.adultIds[1]!

    const sibling = await acceptedApplication(school, applicationBody({
      student: { familyName: 'Kauri', givenNames: 'Sibling', dateOfBirth: '2017-03-03' },
      adults: [{ personId: ids.shared, relationship: 'mother' }]
    }), { startsOn: inTen, campus: 'South' })
    ids.sibling = sibling.studentId

    const ordered = await acceptedApplication(school, applicationBody(), { startsOn: addDays(today, 12), campus: 'North' })
    await recordCourtOrder(school.context, ordered.studentId, { kind: 'parenting_order', validFrom: addDays(today, -30) })
    ids.courtOrdered = ordered.studentId

    const declined = await submitApplication(school.context, applicationBody())
    await offerApplication(school.context, declined.id, { startsOn: inTen })
    await declineOffer(school.context, declined.id)
    ids.declined = declined.studentId

    ids.later = (await acceptedApplication(school, applicationBody(), { startsOn: addDays(today, 40) })).studentId
  })

  const starters = (query = '') => callApi(`/api/v1/starters${query}`, { token })

  it('lists who started or is due to start on an accepted offer or enrolment, earliest first', async () => {
    const answer = await starters(`?from=${addDays(today, -10)}`)
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((i: any) => i.personId)).toEqual([ids.started, ids.sibling, ids.later])
    expect(answer.body.items[0]).toMatchObject({ started: true, startsOn: addDays(today, -7), yearLevel: '2', campus: 'North', familyName: 'Early' })
    expect(answer.body.items[1]).toMatchObject({ started: false, startsOn: addDays(today, 10), campus: 'South' })
    expect(answer.body.nextCursor).toBeNull()
  })

  it('leaves out a protected child, a child under a court order and the adults there only for them, without a hint', async () => {
    const answer = await starters(`?from=${addDays(today, -10)}`)
    const text = JSON.stringify(answer.body)
    for (const hidden of [ids.protected, ids.courtOrdered, ids.onlyForProtected]) expect(text).not.toContain(hidden)
    expect(text).not.toMatch(/protect|restrict|omit|withheld|excluded|left out/i)
    expect(Object.keys(answer.body).sort()).toEqual(['adults', 'items', 'nextCursor', 'waiting'])
    const sharedAdult = answer.body.adults.find((a: any) => a.personId === ids.shared)
    expect(sharedAdult).toEqual({
      personId: ids.shared, familyName: 'Shared', givenNames: 'Parent', email: 'shared.parent@example.org', phone: null, relationship: 'mother',
      childIds: [ids.sibling]
    })
    expect(answer.body.adults.map((a: any) => a.personId)).toContain(ids.earlyParent)
  })

  it('lists in waiting the children of a multi-campus school whose campus has no SIS code yet', async () => {
    const answer = await starters(`?from=${addDays(today, -10)}`)
    expect(answer.body.waiting).toEqual(expect.arrayContaining([
      expect.objectContaining({ personId: ids.sibling, campus: 'South' }),
      expect.objectContaining({ personId: ids.later, campus: null })
    ]))
    expect(answer.body.waiting.map((w: any) => w.personId)).not.toContain(ids.started)
  })

  it('keeps to the window, today onwards by default, and pages with full pages', async () => {
    expect((await starters()).body.items.map((i: any) => i.personId)).toEqual([ids.sibling, ids.later])
    expect((await starters(`?from=${addDays(today, 11)}&to=${addDays(today, 39)}`)).body.items).toEqual([])
    const first = await starters(`?from=${addDays(today, -10)}&limit=1`)
    expect(first.body.items).toHaveLength(1)
    const second = await starters(`?from=${addDays(today, -10)}&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`)
    expect(second.body.items.map((i: any) => i.personId)).toEqual([ids.sibling])
    expect(second.body.adults.map((a: any) => a.personId)).toEqual([ids.shared])
    expect(second.body.nextCursor).toEqual(expect.any(String))
  })

  it('refuses a window that ends before it begins, and needs starter.read', async () => {
    expect(fieldPaths(await starters(`?from=${today}&to=${addDays(today, -1)}`))).toEqual(['to'])
    expect(fieldPaths(await starters('?from=tomorrow'))).toEqual(['from'])
    const forbidden = expectEnvelope(await callApi('/api/v1/starters', { token: await school.token(['person.read']) }), 403, 'forbidden')
    expect(forbidden.detail.join(' ')).toContain('starter.read')
  })
})
