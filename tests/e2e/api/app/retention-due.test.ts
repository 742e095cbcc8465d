import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { seedRetentionSchool } from '../../../support/retention-school'
import { previewRetention } from '../../../../server/domain/retention/sweep'
import { addDays } from '../../../../server/domain/days/calendar'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Settings → Data retention → Due through its routes (issue 42 point 2): every member of staff reads the counts; the
 * records, holds and reviews need `retention.manage`, refused by name; hostile hold bodies answered in the envelope beside
 * their fields; another school's person and hold are `not_found`.
 */
describe('the retention due list over /api/app', () => {
  let school: School
  let other: School
  let admin: string
  let office: string
  let seeded: Awaited<ReturnType<typeof seedRetentionSchool>>
  const today = new Date().toISOString().slice(0, 10)
  const hold = (body: unknown, cookie = admin) => callApi('/api/app/retention/holds', { method: 'POST', body, headers: { cookie } })

  beforeAll(async () => {
    school = await newSchool({ name: 'Retention Due Routes School' })
    other = await newSchool({ name: 'Retention Due Routes Elsewhere' })
    seeded = await seedRetentionSchool(school, today)
    await previewRetention(school.context)
    admin = (await staffSession(school, 'admin')).cookie
    office = (await staffSession(school, 'office')).cookie
  })

  it('answers the counts per class to any member of staff, and the holds only to those who manage retention', async () => {
    const answer = await callApi('/api/app/retention/due', { headers: { cookie: office } })
    expect(answer.status).toBe(200)
    expect(answer.body.counts).toHaveLength(13)
    expect(answer.body.counts.find((each: { recordClass: string }) => each.recordClass === 'former_students')).toMatchObject({ due: 2 })
    expect(answer.body.holds).toBeNull()
    expect((await callApi('/api/app/retention/due', { headers: { cookie: admin } })).body.holds).toEqual([])
    expectEnvelope(await callApi('/api/app/retention/due'), 401, 'unauthenticated')
  })

  it('refuses the records, a hold, a release and a review to the office, naming retention.manage', async () => {
    const refusals = [
      await callApi('/api/app/retention/due/records', { headers: { cookie: office } }),
      await hold({ personId: seeded.oldStudent.id, reason: 'Claim', endsOn: addDays(today, 30) }, office),
      await callApi('/api/app/retention/holds/hld_0000/release', { method: 'POST', headers: { cookie: office } }),
      await callApi('/api/app/retention/due/reviews', {
        method: 'POST', body: { subjectKind: 'protection_flag', subjectId: 'prf_0000' }, headers: { cookie: office }
      })
    ]
    for (const answer of refusals) expect(expectEnvelope(answer, 403, 'forbidden')).toMatchObject({ missingScope: 'retention.manage' })
  })

  it('pages the records on the server, names read live, and searches them by name', async () => {
    const first = await callApi('/api/app/retention/due/records?limit=5', { headers: { cookie: admin } })
    expect(first.status).toBe(200)
    expect(first.body.items).toHaveLength(5)
    const second = await callApi(`/api/app/retention/due/records?limit=5&cursor=${encodeURIComponent(first.body.nextCursor)}`, { headers: { cookie: admin } })
    expect(second.body.items).toHaveLength(3)
    expect(second.body.nextCursor).toBeNull()
    const found = await callApi('/api/app/retention/due/records?q=sweepenquirer', { headers: { cookie: admin } })
    expect(found.body.items).toEqual([expect.objectContaining({ personId: seeded.enquirer.id, name: 'Enquirer SweepEnquirer', recordClass: 'enquiries' })])
    expectEnvelope(await callApi('/api/app/retention/due/records?recordClass=pizza', { headers: { cookie: admin } }), 400, 'validation_failed')
  })

  it.each<[string, unknown, string[]]>([
    ['a reason over two lines', { reason: 'A claim\nfiled', endsOn: '2099-01-01' }, ['reason']],
    ['a reason of 501 characters', { reason: 'x'.repeat(501), endsOn: '2099-01-01' }, ['reason']],
    ['a control character', { reason: 'Claim\u0000', endsOn: '2099-01-01' }, ['reason']],
    ['no reason', { endsOn: '2099-01-01' }, ['reason']],
    ['an end that is no day', { reason: 'Claim', endsOn: '2099-02-30' }, ['endsOn']],
    ['an end before today', { reason: 'Claim', endsOn: '2020-01-01' }, ['endsOn']],
    ['an end of today', { reason: 'Claim', endsOn: 'today' }, ['endsOn']],
    ['an unknown field', { reason: 'Claim', endsOn: '2099-01-01', extra: 1 }, ['extra']]
  ])('refuses a hold with %s in the envelope, beside its field', async (_, body, fields) => {
    const given = body as Record<string, unknown>
    const answer = await hold({ personId: seeded.oldStudent.id, ...given, ...(given.endsOn === 'today' ? { endsOn: today } : {}) })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(fields)
  })

  it('places a hold, shows it in force and on the record, and releases it once', async () => {
    const placed = await hold({ personId: seeded.oldStudent.id, reason: 'Insurance claim', endsOn: '2099-01-01' })
    expect(placed.status).toBe(200)
    const summary = await callApi('/api/app/retention/due', { headers: { cookie: admin } })
    expect(summary.body.holds).toEqual([expect.objectContaining({ id: placed.body.id, name: 'OldStudent SweepOldStudent', reason: 'Insurance claim' })])
    const record = await callApi('/api/app/retention/due/records?q=sweepoldstudent', { headers: { cookie: admin } })
    expect(record.body.items[0]).toMatchObject({ held: true })
    expect((await callApi(`/api/app/retention/holds/${placed.body.id}/release`, { method: 'POST', headers: { cookie: admin } })).status).toBe(200)
    expectEnvelope(await callApi(`/api/app/retention/holds/${placed.body.id}/release`, { method: 'POST', headers: { cookie: admin } }), 409, 'conflict')
  })

  it('keeps another school\'s people and holds out of reach: not_found', async () => {
    const elsewhere = (await staffSession(other, 'admin')).cookie
    expectEnvelope(await hold({ personId: seeded.oldStudent.id, reason: 'Claim', endsOn: '2099-01-01' }, elsewhere), 404, 'not_found')
    const placed = await hold({ personId: seeded.oldStaff.id, reason: 'Tribunal', endsOn: '2099-01-01' })
    expectEnvelope(await callApi(`/api/app/retention/holds/${placed.body.id}/release`, { method: 'POST', headers: { cookie: elsewhere } }), 404, 'not_found')
    expect((await callApi('/api/app/retention/due/records', { headers: { cookie: elsewhere } })).body.items).toEqual([])
  })

  it('marks a restricted record reviewed', async () => {
    const [row] = (await callApi('/api/app/retention/due/records?recordClass=restricted_records', { headers: { cookie: admin } })).body.items
    const answer = await callApi('/api/app/retention/due/reviews', {
      method: 'POST', body: { subjectKind: row.subjectKind, subjectId: row.subjectId }, headers: { cookie: admin }
    })
    expect(answer.status).toBe(200)
    expect(answer.body.reviewedAt).toMatch(/^\d{4}-/)
    expectEnvelope(await callApi('/api/app/retention/due/reviews', {
      method: 'POST', body: { subjectKind: 'pizza', subjectId: 'x' }, headers: { cookie: admin }
    }), 400, 'validation_failed')
  })
})
