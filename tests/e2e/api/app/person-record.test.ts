import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, billingResponsibilities, restrictedViews } from '../../../../db/schema'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { seedFamily } from '../../../support/person-fixtures'

type School = Awaited<ReturnType<typeof newSchool>>

/** The routes of a person's record (/staff/people/<id>): capabilities, schools, the domain's refusals beside their fields. */
describe('a person\'s record over /api/app', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  let office: Awaited<ReturnType<typeof staffSession>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Record Routes' })
    family = await seedFamily(school.context)
    office = await staffSession(school, 'office')
  })
  const as = (cookie: string, path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })

  it('reads the record with its timeline, family, billing and changes, each change naming who made it', async () => {
    const answer = await as(office.cookie, `/api/app/people/${family.child}`)
    expect(answer.status).toBe(200)
    expect(answer.body.person.givenNames).toBe('Adaeze')
    expect(answer.body.affiliations).toMatchObject([{ id: family.span, kind: 'student', validFrom: '2024-01-29', validTo: null, yearLevel: '3' }])
    expect(answer.body.family.carers.map((carer: { givenNames: string }) => carer.givenNames).sort()).toEqual(['Emeka', 'Ngozi'])
    expect(answer.body.billing.responsibilities).toMatchObject([{ payerId: family.mother, category: 'all', share: 10_000 }])
    expect(answer.body.caller).toEqual({ canManage: true, canReadRestricted: false })

    expect((await as(office.cookie, `/api/app/people/${family.child}/name`, { method: 'PUT', body: { familyName: 'Okafor', givenNames: 'Ada' } })).body)
      .toEqual({ changed: true })
    const changes = await as(office.cookie, `/api/app/people/${family.child}/changes?limit=2`)
    expect(changes.body.items[0]).toMatchObject({ kind: 'person.updated', actor: `staff:${office.member.id}`, actorName: office.member.email })
    // No deployment-wide outbox sequence: its gaps would count other schools' writes (issue 35).
    for (const item of changes.body.items) expect(Object.keys(item).sort()).toEqual(['actor', 'actorName', 'at', 'kind', 'recordId'])
    expect(changes.body.nextCursor).toEqual(expect.any(String))
    const mother = await as(office.cookie, `/api/app/people/${family.mother}`)
    expect(mother.body.family.children).toMatchObject([{ personId: family.child, givenNames: 'Ada', relationship: 'mother' }])
  })

  it('refuses a write without people.manage, and the restricted record without restricted.read, naming the capability', async () => {
    const reader = await staffSession(school, 'read_only')
    expect((await as(reader.cookie, `/api/app/people/${family.child}`)).status).toBe(200)
    for (const [path, method, body] of [
      [`/api/app/people/${family.child}/name`, 'PUT', { familyName: 'X', givenNames: 'Y' }],
      [`/api/app/people/${family.child}/billing-split`, 'PUT', { category: 'all', from: '2025-01-01', shares: [] }],
      [`/api/app/affiliations/${family.span}/close`, 'POST', { lastDay: '2025-01-01' }]
    ] as const) {
      const refused = await as(reader.cookie, path, { method, body })
      expectEnvelope(refused, 403, 'forbidden')
      expect(refused.body.data.missingScope).toBe('people.manage')
    }
    for (const [path, method, body] of [
      [`/api/app/people/${family.child}/restricted`, 'GET', undefined],
      [`/api/app/people/${family.child}/protection-flags`, 'POST', { kind: 'child_protection', validFrom: '2025-01-01' }]
    ] as const) {
      const refused = await as(office.cookie, path, { method, body })
      expectEnvelope(refused, 403, 'forbidden')
      expect(refused.body.data.missingScope).toBe('restricted.read')
    }
  })

  it('answers another school\'s person, span or concession as not_found, as a missing one', async () => {
    const other = await newSchool({ name: 'Elsewhere' })
    const theirs = await seedFamily(other.context, { family: 'Tanaka', child: 'Yui' })
    const admin = await staffSession(school, 'admin')
    for (const [path, method, body] of [
      [`/api/app/people/${theirs.child}`, 'GET', undefined],
      [`/api/app/people/${theirs.child}/changes`, 'GET', undefined],
      [`/api/app/people/${theirs.child}/restricted`, 'GET', undefined],
      [`/api/app/people/${theirs.child}/name`, 'PUT', { familyName: 'Tanaka', givenNames: 'Yuina' }],
      [`/api/app/people/${theirs.child}/billing-split`, 'PUT', { category: 'all', from: '2025-01-01', shares: [{ payerId: theirs.father, share: 10_000 }] }],
      [`/api/app/affiliations/${theirs.span}/placement`, 'POST', { from: '2025-01-01', yearLevel: '4' }],
      [`/api/app/people/per_0missing0/name`, 'PUT', { familyName: 'A', givenNames: 'B' }]
    ] as const) {
      expectEnvelope(await as(admin.cookie, path, { method, body }), 404, 'not_found')
    }
  })

  it('tells a broken rule beside its field and writes nothing: shares not totalling 10,000, an overlapping span', async () => {
    const split = await as(office.cookie, `/api/app/people/${family.child}/billing-split`, {
      method: 'PUT', body: { category: 'tuition', from: '2025-02-01', shares: [{ payerId: family.mother, share: 6000 }] }
    })
    const refusal = expectEnvelope(split, 422, 'unprocessable')
    expect(refusal.fields).toEqual([{ path: 'shares', message: expect.stringContaining('would total 6000; they must total 10000') }])
    const tuition = () => school.database.db.select().from(billingResponsibilities)
      .where(and(eq(billingResponsibilities.studentId, family.child), eq(billingResponsibilities.category, 'tuition')))
    expect(await tuition()).toEqual([])
    const body = { category: 'tuition', from: '2025-02-01', shares: [{ payerId: family.mother, share: 6000 }, { payerId: family.father, share: 4000 }] }
    expect((await as(office.cookie, `/api/app/people/${family.child}/billing-split`, { method: 'PUT', body })).status).toBe(200)
    expect((await tuition()).map(row => row.share).sort()).toEqual([4000, 6000])

    const overlap = await as(
      office.cookie, `/api/app/people/${family.child}/affiliations`, { method: 'POST', body: { kind: 'student', validFrom: '2025-03-01' } }
    )
    expect(expectEnvelope(overlap, 422, 'unprocessable').fields)
      .toEqual([{ path: 'validFrom', message: expect.stringContaining('already has a student span from 2024-01-29') }])
  })

  it('moves a student from a day as a new span, the old one ending the day before', async () => {
    const moved = await as(office.cookie, `/api/app/affiliations/${family.span}/placement`, { method: 'POST', body: { from: '2025-07-14', yearLevel: '4' } })
    expect(moved.status).toBe(200)
    const record = await as(office.cookie, `/api/app/people/${family.child}`)
    expect(record.body.affiliations).toMatchObject([
      { id: family.span, validFrom: '2024-01-29', validTo: '2025-07-13', yearLevel: '3' },
      { id: moved.body.id, validFrom: '2025-07-14', validTo: null, yearLevel: '4' }
    ])
  })

  it('shows the restricted record only after a recent passkey proof, recording the view and each change in Activity', async () => {
    const order = await recordCourtOrder(
      school.context, family.child,
      { kind: 'parenting_order', validFrom: '2024-03-01', restrainedPersonId: family.father, purposes: ['collection'], summary: 'No collection from school.' }
    )
    const stale = await staffSession(school, 'admin', { ago: 6 * 60_000 })
    expectEnvelope(await as(stale.cookie, `/api/app/people/${family.child}/restricted`), 403, 'step_up_required')
    const admin = await staffSession(school, 'admin')
    const answer = await as(admin.cookie, `/api/app/people/${family.child}/restricted`)
    expect(answer.status).toBe(200)
    expect(answer.body.courtOrders).toMatchObject([
      { id: order, restrainedPerson: { id: family.father, givenNames: 'Emeka' }, purposes: ['collection'], summary: 'No collection from school.' }
    ])

    // An order naming an adult says what it keeps them from; the purposes come back in the vocabulary's order.
    const unsaid = await as(
      admin.cookie, `/api/app/people/${family.child}/court-orders`,
      { method: 'POST', body: { kind: 'intervention_order', restrainedPersonId: family.father, validFrom: '2025-02-01' } }
    )
    expect(expectEnvelope(unsaid, 400, 'validation_failed').fields).toEqual([{ path: 'purposes', message: 'Choose what the order keeps this adult from.' }])
    const unknown = await as(
      admin.cookie, `/api/app/people/${family.child}/court-orders`,
      { method: 'POST', body: { kind: 'intervention_order', restrainedPersonId: family.father, purposes: ['haircuts'], validFrom: '2025-02-01' } }
    )
    expect(expectEnvelope(unknown, 400, 'validation_failed').fields!.map(field => field.path)).toEqual(['purposes[0]'])
    const second = await as(admin.cookie, `/api/app/people/${family.child}/court-orders`, {
      method: 'POST',
      body: { kind: 'intervention_order', restrainedPersonId: family.father, purposes: ['messages', 'contact', 'contact'], validFrom: '2025-02-01' }
    })
    expect(second.status).toBe(201)
    const reread = await as(admin.cookie, `/api/app/people/${family.child}/restricted`)
    expect(reread.body.courtOrders.find((entry: { id: string }) => entry.id === second.body.id)).toMatchObject({ purposes: ['contact', 'messages'] })
    expect(await school.database.db.select().from(restrictedViews)
      .where(and(eq(restrictedViews.personId, family.child), eq(restrictedViews.viewedBy, `staff:${admin.member.id}`)))).toHaveLength(2)

    const flag = await as(
      admin.cookie, `/api/app/people/${family.child}/protection-flags`,
      { method: 'POST', body: { kind: 'child_protection', validFrom: '2025-01-01', note: '' } }
    )
    expect(flag.status).toBe(201)
    expect((await as(admin.cookie, `/api/app/protection-flags/${flag.body.id}/lift`, { method: 'POST', body: { lastDay: '2025-06-30' } })).status).toBe(200)
    // Who can see the child in the family portal, and why: the restricted record's to read, and each read recorded.
    expectEnvelope(await as(office.cookie, `/api/app/people/${family.child}/standing`), 403, 'forbidden')
    const standing = await as(admin.cookie, `/api/app/people/${family.child}/standing?day=2026-06-01`)
    expect(standing.status).toBe(200)
    expect(standing.body.day).toBe('2026-06-01')
    expect(standing.body.adults.find((entry: { adult: { id: string } }) => entry.adult.id === family.father)).toMatchObject({
      purposes: { details: true, contact: false, billing: true, messages: false },
      reasons: ['parental responsibility since 2015-04-02', 'court order 2025-02-01 limits contact and messages with no end']
    })
    expectEnvelope(await as(admin.cookie, `/api/app/people/${family.child}/standing?day=June`), 400, 'validation_failed')

    const entries = await school.database.db.select({ kind: activity.kind, subjectId: activity.subjectId, summary: activity.summary }).from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.actor, `staff:${admin.member.id}`)))
    expect(entries.map(entry => entry.kind).sort())
      .toEqual(['restricted.changed', 'restricted.changed', 'restricted.changed', 'restricted.viewed', 'restricted.viewed', 'restricted.viewed'])
    expect(entries.every(entry => entry.subjectId === family.child && !entry.summary.includes('Adaeze'))).toBe(true)
  })
})
