import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, lte } from 'drizzle-orm'
import { retentionDue } from '../../../db/schema'
import type { RetentionRecordClass } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { assertCapability } from '../access/access'
import { currentTime, todayInZone } from '../days/clock'
import { retentionClassesIn } from './read-retention-schedule'
import { recordRetentionAction } from './retention-actions'
import { duePeople, dueRestrictedRecords, type DueSubject } from './due-people'
import { recordClassStores, retentionBatchSize } from './due-records'
import { dueBefore, retentionWindowDays } from './retention-months'
import { erasePerson } from './erase-person'
import { removeLetGoDocuments } from '../absences/absence-documents'
import { StorageUnavailable } from '../exports/storage/export-storage'
import { logger } from '../shared/log'

type DueRow = typeof retentionDue.$inferSelect

/**
 * The erasure's pace. On SQLite each erasure holds the school's one write lock, and the sweep shares a school's one
 * machine with its server: after each person it rests as long as that took, so the school's own requests keep half of
 * it (the people page during an erasure of 5,000: p99 1.4 times quiet, against 7.8 without the rest, `npm run bench --
 * --only retention`). On PostgreSQL others write beside it under row locks, and the page holds without one (1.2 times).
 */
function pacing(ctx: DomainContext) {
  const rests = ctx.database.dialect === 'sqlite'
  return { restAfter: (started: number) => rests ? sleep(performance.now() - started) : undefined }
}

const keyOf = (row: Pick<DueRow, 'recordClass' | 'subjectKind' | 'subjectId'>) => `${row.recordClass} ${row.subjectKind} ${row.subjectId}`

/** Runs `work` on `items` a batch at a time, each batch its own short transaction. */
async function inBatches<T>(ctx: DomainContext, items: readonly T[], work: (tx: Parameters<Parameters<DomainContext['database']['transaction']>[0]>[0],
  batch: T[]) => Promise<unknown>) {
  for (let at = 0; at < items.length; at += retentionBatchSize) {
    const batch = items.slice(at, at + retentionBatchSize)
    await ctx.database.transaction(tx => work(tx, batch))
  }
}

/**
 * Works out what has passed its period tonight and stores it as the due list (`retention_due`), which the office sees
 * for fourteen days before anything goes (docs/retention.md, "The sweep"). A record first seen tonight becomes erasable
 * fourteen days from now; one seen before keeps its date; one no longer due (a period lengthened, a child who started
 * after all) drops out. Everything is read without a transaction; the list is written in batches of 500 rows, each a short
 * transaction. Returns how many are due per class.
 */
export async function previewRetention(ctx: DomainContext) {
  assertCapability(ctx, 'retention.manage')
  const schoolId = ctx.school.id
  const db = ctx.database.db
  const today = todayInZone(ctx.school.timeZone)
  const periods = new Map((await retentionClassesIn(db, schoolId)).map(each => [each.recordClass, each.months]))
  const months = (recordClass: RetentionRecordClass) => periods.get(recordClass)!
  const [persons, restricted] = await Promise.all([duePeople(db, schoolId, months, today), dueRestrictedRecords(db, schoolId, months, today)])
  const found = new Map<string, DueSubject & { records: number }>(
    [...persons, ...restricted].map(subject => [keyOf(subject), { ...subject, records: 1 }])
  )
  const cutoffs = new Map<RetentionRecordClass, string>()
  type Store = NonNullable<typeof recordClassStores[RetentionRecordClass]>
  for (const [recordClass, store] of Object.entries(recordClassStores) as [RetentionRecordClass, Store][]) {
    const before = dueBefore(today, months(recordClass))
    const records = await store.countBefore(db, schoolId, before)
    cutoffs.set(recordClass, before)
    if (records) found.set(keyOf({ recordClass, subjectKind: 'cutoff', subjectId: before }), {
      recordClass, subjectKind: 'cutoff', subjectId: before, passedOn: today, records
    })
  }
  const stored = await db.select().from(retentionDue).where(eq(retentionDue.schoolId, schoolId))
  const storedKeys = new Set(stored.map(keyOf))
  // An earlier night's cutoff stays while its class still has records due and the period has not been lengthened past it.
  const stillDue = (row: DueRow) => row.subjectKind === 'cutoff'
    ? found.has(keyOf({ recordClass: row.recordClass, subjectKind: 'cutoff', subjectId: cutoffs.get(row.recordClass) ?? '' }))
    && row.subjectId <= cutoffs.get(row.recordClass)!
    : found.has(keyOf(row))
  const gone = stored.filter(row => !stillDue(row))
  const changed = stored.filter(row => found.has(keyOf(row)) && found.get(keyOf(row))!.records !== row.records)
  const now = currentTime()
  const firstSeenAt = now.toISOString()
  const erasableFrom = new Date(now.getTime() + retentionWindowDays * 86_400_000).toISOString()
  const added = [...found.values()].filter(subject => !storedKeys.has(keyOf(subject)))
    .map(subject => ({ schoolId, ...subject, firstSeenAt, erasableFrom }))
  await inBatches(ctx, gone, (tx, batch) => Promise.all(batch.map(row => tx.delete(retentionDue).where(and(
    eq(retentionDue.schoolId, schoolId), eq(retentionDue.recordClass, row.recordClass),
    eq(retentionDue.subjectKind, row.subjectKind), eq(retentionDue.subjectId, row.subjectId)
  )))))
  await inBatches(ctx, changed, (tx, batch) => Promise.all(batch.map(row => tx.update(retentionDue).set({ records: found.get(keyOf(row))!.records }).where(and(
    eq(retentionDue.schoolId, schoolId), eq(retentionDue.recordClass, row.recordClass),
    eq(retentionDue.subjectKind, row.subjectKind), eq(retentionDue.subjectId, row.subjectId)
  )))))
  await inBatches(ctx, added, (tx, batch) => tx.insert(retentionDue).values(batch).onConflictDoNothing())
  const counts = Object.fromEntries([...periods.keys()].map(recordClass => [recordClass, 0])) as Record<RetentionRecordClass, number>
  for (const subject of found.values()) if (subject.subjectKind !== 'cutoff') counts[subject.recordClass] += 1
  for (const [recordClass, before] of cutoffs) counts[recordClass] = found.get(keyOf({ recordClass, subjectKind: 'cutoff', subjectId: before }))?.records ?? 0
  return { today, counts }
}

/**
 * Removes the stored files of a class's records before the records (due-records.ts, `removeFiles`); false while the store
 * is down, and the class waits for the next night, files and records whole. The log says so with the school's id only.
 */
async function removedFilesOf(ctx: DomainContext, recordClass: RetentionRecordClass, before: string): Promise<boolean> {
  const removeFiles = recordClassStores[recordClass]!.removeFiles
  if (!removeFiles) return true
  try {
    await removeFiles(ctx.database.db, ctx.school.id, before)
    return true
  } catch (error) {
    if (!(error instanceof StorageUnavailable)) throw error
    logger.warn({ schoolId: ctx.school.id, recordClass }, 'The file store is down: the class\'s records wait for the next sweep with their files')
    return false
  }
}

/**
 * Acts on the due list's rows whose fourteen days have passed (docs/retention.md, "The sweep"). Other classes first:
 * the records before the latest cutoff whose window has passed, and still before today's (a period lengthened since
 * keeps them), deleted a short transaction per batch with a `deleted` retention action. Then people: one `erasePerson`
 * each, one transaction per person, which leaves whole anyone under a legal hold, an open subject access request or
 * named by a restricted record (counted as `held`, kept in the list). Restricted records are never erased here: their
 * end is the office's review.
 */
export async function eraseDue(
  ctx: DomainContext, options: { afterEach?: () => Promise<void> } = {}
): Promise<{ erased: number, deleted: number, held: number }> {
  assertCapability(ctx, 'retention.manage')
  const schoolId = ctx.school.id
  const db = ctx.database.db
  const today = todayInZone(ctx.school.timeZone)
  // What an erasure let go while the store was down goes first (removeLetGoDocuments).
  await removeLetGoDocuments(ctx)
  const ready = await db.select().from(retentionDue)
    .where(and(eq(retentionDue.schoolId, schoolId), lte(retentionDue.erasableFrom, currentTime().toISOString())))
  const periods = new Map((await retentionClassesIn(db, schoolId)).map(each => [each.recordClass, each.months]))
  const tally = { erased: 0, deleted: 0, held: 0 }
  const latestCutoff = new Map<RetentionRecordClass, string>()
  for (const row of ready.filter(each => each.subjectKind === 'cutoff')) {
    if (row.subjectId > (latestCutoff.get(row.recordClass) ?? '')) latestCutoff.set(row.recordClass, row.subjectId)
  }
  for (const [recordClass, cutoff] of latestCutoff) {
    const store = recordClassStores[recordClass]!
    const months = periods.get(recordClass)!
    const tonight = dueBefore(today, months)
    const before = cutoff < tonight ? cutoff : tonight
    if (!await removedFilesOf(ctx, recordClass, before)) continue
    for (;;) {
      const removed = await ctx.database.transaction(async (tx) => {
        const count = await store.removeBatch(tx, schoolId, before)
        if (count) await recordRetentionAction(tx, ctx, { action: 'deleted', recordClass, count, rule: `schedule:${recordClass}:${months}` })
        return count
      })
      if (!removed) break
      tally.deleted += removed
    }
    const spent = ready.filter(row => row.recordClass === recordClass && row.subjectKind === 'cutoff' && row.subjectId <= cutoff)
    await ctx.database.transaction(tx => tx.delete(retentionDue).where(and(
      eq(retentionDue.schoolId, schoolId), eq(retentionDue.recordClass, recordClass), eq(retentionDue.subjectKind, 'cutoff'),
      inArray(retentionDue.subjectId, spent.map(row => row.subjectId))
    )))
  }
  // Each erasure is its own transaction; the rows of those done leave the list a batch at a time after, not one more
  // commit a person (a sweep killed between the two finds them again tomorrow, and erasePerson answers not_found).
  const done: DueRow[] = []
  const forget = (rows: DueRow[]) => inBatches(ctx, rows, (tx, batch) => tx.delete(retentionDue).where(and(
    eq(retentionDue.schoolId, schoolId), eq(retentionDue.subjectKind, 'person'),
    inArray(retentionDue.subjectId, batch.map(row => row.subjectId))
  )))
  const { restAfter } = pacing(ctx)
  for (const row of ready.filter(each => each.subjectKind === 'person')) {
    const started = performance.now()
    const outcome = await erasePerson(ctx, row.subjectId, { kind: 'schedule', recordClass: row.recordClass })
    await restAfter(started)
    // The sweep's lease renewed, or the sweep handed back between two people when the server is stopping.
    await options.afterEach?.()
    // Kept back, and kept in the list: a hold, an open request, or a restricted record naming them (a safe adult, say).
    if (outcome === 'held' || outcome === 'under_request' || outcome === 'restricted') {
      tally.held += 1
      continue
    }
    if (outcome === 'erased') tally.erased += 1
    done.push(row)
    if (done.length >= retentionBatchSize) await forget(done.splice(0))
  }
  await forget(done)
  return tally
}
