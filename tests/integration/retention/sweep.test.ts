import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { absences, activity, dataReceipts, legalHolds, messages, people, retentionActions, retentionDue } from '../../../db/schema'
import { setClockOffset } from '../../../server/domain/days/clock'
import { eraseDue, previewRetention } from '../../../server/domain/retention/sweep'
import { heldPersonIds, placeLegalHold, releaseLegalHold } from '../../../server/domain/retention/legal-holds'
import { erasePerson } from '../../../server/domain/retention/erase-person'
import { listDueRecords, readRetentionDue, reviewRestrictedRecord } from '../../../server/domain/retention/read-due-list'
import { setRetentionPeriod } from '../../../server/domain/retention/set-retention-period'
import { addDays } from '../../../server/domain/days/calendar'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { newSchool } from '../../support/schools'
import { seedRetentionSchool } from '../../support/retention-school'

type School = Awaited<ReturnType<typeof newSchool>>
const dayMs = 86_400_000

/** What a refusal says: its code and the fields it names. */
async function refusal(work: Promise<unknown>) {
  try {
    await work
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, fields: (error.extras.fields ?? []).map(field => field.path) }
    throw error
  }
  throw new Error('Expected a refusal')
}

/** Whether the lead's erasePerson has landed: the contract's stub throws "not built yet". */
const erasureBuilt = async (school: School) => erasePerson(school.context, 'per_none', { kind: 'schedule', recordClass: 'former_students' })
  .then(() => true, (error: Error) => !/not built yet/.test(error.message))

/*
 * Issue 42 point 2 on the database the suite runs on: a school with people of every class and age; the sweep previews
 * exactly those past their periods, a hold keeps one, nothing goes before the fourteen days, and after them the rest go.
 */
describe('the retention sweep', () => {
  let school: School
  let other: School
  let seeded: Awaited<ReturnType<typeof seedRetentionSchool>>
  let firstErasure: Awaited<ReturnType<typeof eraseDue>> | null = null
  const today = new Date().toISOString().slice(0, 10)
  const duePersonIds = async (s: School) => (await s.database.db.select().from(retentionDue)
    .where(and(eq(retentionDue.schoolId, s.id), eq(retentionDue.subjectKind, 'person')))).map(row => `${row.recordClass} ${row.subjectId}`).sort()

  beforeAll(async () => {
    school = await newSchool({ name: 'Sweep School' })
    other = await newSchool({ name: 'Sweep Elsewhere' })
    seeded = await seedRetentionSchool(school, today)
    await seedRetentionSchool(other, today)
  })
  afterEach(() => setClockOffset(0))

  it('previews exactly the people, restricted records and other records past their periods', async () => {
    const { counts } = await previewRetention(school.context)
    expect(counts).toMatchObject({
      former_students: 2, former_staff: 1, enquiries: 2, unstarted_applications: 2, restricted_records: 1,
      activity_entries: 1, absences: 1, messages: 1, data_access_receipts: 1, sync_runs: 0, webhook_deliveries: 0
    })
    const p = seeded
    expect(await duePersonIds(school)).toEqual([
      `enquiries ${p.enquiryChild.id}`, `enquiries ${p.enquirer.id}`,
      `former_staff ${p.oldStaff.id}`,
      `former_students ${p.oldStudent.id}`, `former_students ${p.heldStudent.id}`,
      `unstarted_applications ${p.withdrawnChild.id}`, `unstarted_applications ${p.withdrawnAdult.id}`
    ].sort())
    const stored = await school.database.db.select().from(retentionDue).where(eq(retentionDue.schoolId, school.id))
    expect(stored.every(row => Date.parse(row.erasableFrom) - Date.parse(row.firstSeenAt) === 14 * dayMs)).toBe(true)
    // Ids only: no name, date of birth or free text of anyone is kept in the due list.
    expect(JSON.stringify(stored)).not.toMatch(/Sweep|1990-03-01/)
  })

  it('shows the office the counts, and the records with names read live to those who manage retention', async () => {
    const summary = await readRetentionDue(school.context)
    expect(summary.counts.find(each => each.recordClass === 'former_students')).toMatchObject({ due: 2, review: false })
    expect(summary.counts.find(each => each.recordClass === 'restricted_records')).toMatchObject({ due: 1, review: true, erasableFrom: null })
    const page = await listDueRecords(school.context, { limit: 3 })
    expect(page.items).toHaveLength(3)
    expect(page.next).toEqual([3])
    const found = await listDueRecords(school.context, { limit: 25 }, { q: 'sweepoldstaff' })
    expect(found.items.map(item => item.name)).toEqual(['OldStaff SweepOldStaff'])
    const restricted = await listDueRecords(school.context, { limit: 25 }, { recordClass: 'restricted_records' })
    expect(restricted.items).toEqual([expect.objectContaining({ subjectKind: 'protection_flag', personId: seeded.flagged.id, erasableFrom: null })])
  })

  it('refuses a hostile hold: a reason of two lines or too long, an end not after today, naming each field', async () => {
    const personId = seeded.heldStudent.id
    expect(await refusal(placeLegalHold(school.context, { personId, reason: 'Claim\nfiled', endsOn: addDays(today, 30) })))
      .toEqual({ code: 'validation_failed', fields: ['reason'] })
    expect(await refusal(placeLegalHold(school.context, { personId, reason: 'x'.repeat(501), endsOn: '2099-02-30' })))
      .toEqual({ code: 'validation_failed', fields: ['reason', 'endsOn'] })
    expect(await refusal(placeLegalHold(school.context, { personId, reason: 'A claim', endsOn: '2001-01-01' })))
      .toEqual({ code: 'validation_failed', fields: ['endsOn'] })
    expect((await refusal(placeLegalHold(other.context, { personId, reason: 'A claim', endsOn: addDays(today, 30) }))).code).toBe('not_found')
  })

  it('places a hold in force, recorded in Activity and as a held retention action', async () => {
    const hold = await placeLegalHold(school.context, { personId: seeded.heldStudent.id, reason: 'Insurance claim after the 2009 trip', endsOn: '2099-01-01' })
    expect(await heldPersonIds(school.database.db, school.id, [seeded.heldStudent.id, seeded.oldStudent.id])).toEqual(new Set([seeded.heldStudent.id]))
    expect(await heldPersonIds(other.database.db, other.id, [seeded.heldStudent.id])).toEqual(new Set())
    const kinds = await school.database.db.select({ kind: activity.kind }).from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, seeded.heldStudent.id)))
    expect(kinds.map(row => row.kind)).toContain('legal_hold.placed')
    const actions = await school.database.db.select().from(retentionActions).where(eq(retentionActions.schoolId, school.id))
    expect(actions).toEqual([expect.objectContaining({ action: 'held', count: 1, rule: `hold:${hold.id}` })])
    expect((await readRetentionDue(school.context)).holds).toEqual([expect.objectContaining({ personId: seeded.heldStudent.id, endsOn: '2099-01-01' })])
  })

  it('marks a restricted record reviewed, never erasing it', async () => {
    const [row] = await listDueRecords(school.context, { limit: 1 }, { recordClass: 'restricted_records' }).then(page => page.items)
    const reviewed = await reviewRestrictedRecord(school.context, { subjectKind: 'protection_flag', subjectId: row!.subjectId })
    expect(reviewed.reviewedAt).toMatch(/^\d{4}-/)
    expect((await refusal(reviewRestrictedRecord(other.context, { subjectKind: 'protection_flag', subjectId: row!.subjectId }))).code).toBe('not_found')
  })

  it('erases nothing before the fourteen days have passed', async () => {
    setClockOffset(13 * dayMs)
    await previewRetention(school.context)
    expect(await eraseDue(school.context)).toEqual({ erased: 0, deleted: 0, held: 0 })
    expect(await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).toHaveLength(2)
  })

  it('drops from the list a class whose period was lengthened past its records', async () => {
    setClockOffset(13 * dayMs)
    await setRetentionPeriod(school.context, 'messages', { months: 600 })
    expect((await previewRetention(school.context)).counts.messages).toBe(0)
    await setRetentionPeriod(school.context, 'messages', { months: 24 })
    // Back in the list, seen anew on day 13: its fourteen days start again.
    await previewRetention(school.context)
    const [row] = await school.database.db.select().from(retentionDue)
      .where(and(eq(retentionDue.schoolId, school.id), eq(retentionDue.recordClass, 'messages')))
    expect(Date.parse(row!.erasableFrom) - Date.now()).toBeGreaterThan(26 * dayMs)
  })

  it('after the window deletes the other classes\' records past their period in batches, each a deleted retention action', async () => {
    setClockOffset(15 * dayMs)
    await previewRetention(school.context)
    // Until erasePerson lands its stub throws once the other classes are done, which they are first.
    firstErasure = await eraseDue(school.context).catch(async (error: Error) => {
      if (await erasureBuilt(school)) throw error
      return null
    })
    if (firstErasure) expect(firstErasure.deleted).toBe(3)
    const left = async <T extends typeof activity | typeof absences | typeof dataReceipts>(table: T) =>
      (await school.database.db.select().from(table).where(eq(table.schoolId, school.id))).length
    expect(await left(absences)).toBe(1)
    expect(await left(dataReceipts)).toBe(1)
    // The messages came back into the list with the period restored, so their fourteen days have not passed.
    expect(await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).toHaveLength(2)
    const deleted = await school.database.db.select().from(retentionActions)
      .where(and(eq(retentionActions.schoolId, school.id), eq(retentionActions.action, 'deleted')))
    expect(deleted.map(row => `${row.recordClass} ${row.count} ${row.rule}`).sort()).toEqual([
      'absences 1 schedule:absences:72', 'activity_entries 1 schedule:activity_entries:72', 'data_access_receipts 1 schedule:data_access_receipts:13'
    ])
    expect(deleted.every(row => row.approvedBy === 'system:test')).toBe(true)
    // Another school's records are its own sweep's business.
    expect((await other.database.db.select().from(absences).where(eq(absences.schoolId, other.id))).length).toBe(2)
  })

  it('after the window erases the people past their periods, but not the one under a hold', async ({ skip }) => {
    if (!await erasureBuilt(school)) skip('erasePerson is the lead\'s, not landed yet')
    expect(firstErasure).toEqual({ erased: 6, deleted: 3, held: 1 })
    // The held one stays in the list, whole; a second run finds nothing more to do.
    expect(await duePersonIds(school)).toEqual([`former_students ${seeded.heldStudent.id}`])
    setClockOffset(15 * dayMs)
    await previewRetention(school.context)
    expect(await eraseDue(school.context)).toEqual({ erased: 0, deleted: 0, held: 1 })
    const [held] = await school.database.db.select().from(people).where(eq(people.id, seeded.heldStudent.id))
    expect(held!.familyName).toBe('SweepHeldStudent')
    const gone = [seeded.oldStudent, seeded.oldStaff, seeded.enquiryChild, seeded.enquirer, seeded.withdrawnChild, seeded.withdrawnAdult]
    const erased = await school.database.db.select({ familyName: people.familyName, dateOfBirth: people.dateOfBirth }).from(people)
      .where(inArray(people.id, gone.map(each => each.id)))
    expect(erased.filter(row => row.familyName.startsWith('Sweep') || row.dateOfBirth)).toEqual([])
    const actions = await school.database.db.select().from(retentionActions)
      .where(and(eq(retentionActions.schoolId, school.id), eq(retentionActions.action, 'erased')))
    expect(actions.map(row => row.recordClass).sort()).toEqual(
      ['enquiries', 'enquiries', 'former_staff', 'former_students', 'unstarted_applications', 'unstarted_applications']
    )
    const kept = await school.database.db.select({ id: people.id, familyName: people.familyName }).from(people)
      .where(inArray(people.id, [seeded.currentStudent.id, seeded.youngFormerStudent.id, seeded.recentStaff.id, seeded.flagged.id]))
    expect(kept.every(row => row.familyName.startsWith('Sweep'))).toBe(true)
  })

  it('releases a hold, recorded as a released retention action, and the person is erasable again', async () => {
    const [hold] = await school.database.db.select().from(legalHolds).where(eq(legalHolds.schoolId, school.id))
    await releaseLegalHold(school.context, hold!.id)
    expect(await heldPersonIds(school.database.db, school.id, [seeded.heldStudent.id])).toEqual(new Set())
    expect((await refusal(releaseLegalHold(school.context, hold!.id))).code).toBe('conflict')
    const released = await school.database.db.select().from(retentionActions)
      .where(and(eq(retentionActions.schoolId, school.id), eq(retentionActions.action, 'released')))
    expect(released).toHaveLength(1)
  })
})
