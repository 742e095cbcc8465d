/**
 * The retention row's steps on the bench's database (run by scripts/bench/retention-sweep.ts in a process of its own, as
 * `tsx scripts/bench/retention-sweep-step.ts <step> <schoolId> [count]`), each printing its JSON last:
 * - `prepare` makes `count` of the school's students former students long past their period: born in 1990, their
 *   student spans ended in 2008, so that date of birth + 25 years has passed and they have left (and no other student is);
 * - `preview` runs the night's preview (`previewRetention`) and prints how long it took and what it found;
 * - `erase` moves the due list's fourteen days into the past and runs the erasure (`eraseDue`), printing how long it
 *   took, what it did, and the longest and 99th-percentile transaction, each of which held the school's writers back.
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { affiliations, people, retentionDue } from '../../db/schema'
import { openDatabase, type Database } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { slicesOf } from '../../db/id-slices'
import { eraseDue, previewRetention } from '../../server/domain/retention/sweep'

const [step, schoolId, count] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId!), 'bench')
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0

/**
 * Times every transaction the work opens from the moment its work begins, the lock taken (on SQLite, after `BEGIN
 * IMMEDIATE`, which may first wait for another writer), to its commit: how long it held the school's other writers back.
 */
function timingTransactions(db: Database) {
  const durations: number[] = []
  const original = db.transaction.bind(db)
  db.transaction = (async (work: Parameters<Database['transaction']>[0]) => {
    let started = 0
    try {
      return await original((tx) => {
        started = performance.now()
        return work(tx)
      })
    } finally {
      if (started) durations.push(performance.now() - started)
    }
  }) as Database['transaction']
  return durations
}

if (step === 'prepare') {
  const students = (await database.db.selectDistinct({ personId: affiliations.personId }).from(affiliations)
    .where(and(eq(affiliations.schoolId, schoolId!), eq(affiliations.kind, 'student')))).map(student => student.personId)
  // The demo's ten years of leavers include some whose date of birth + 25 years has passed: born later here, so that
  // exactly the `count` below are due.
  for (const slice of slicesOf(students)) {
    await database.transaction(tx => tx.update(people).set({ dateOfBirth: '2008-06-15' })
      .where(and(inArray(people.id, slice), lt(people.dateOfBirth, '2001-12-31'))))
  }
  const ids = students.slice(0, Number(count))
  for (const slice of slicesOf(ids)) {
    await database.transaction(async (tx) => {
      await tx.update(people).set({ dateOfBirth: '1990-03-01' }).where(inArray(people.id, slice))
      await tx.update(affiliations).set({ validFrom: '2003-01-28', validTo: '2008-12-12' })
        .where(and(eq(affiliations.kind, 'student'), inArray(affiliations.personId, slice)))
    })
  }
  console.log(JSON.stringify({ prepared: ids.length }))
} else if (step === 'preview') {
  const started = performance.now()
  const { counts } = await previewRetention(ctx)
  console.log(JSON.stringify({ ms: performance.now() - started, counts }))
} else if (step === 'erase') {
  await database.transaction(tx => tx.update(retentionDue).set({ erasableFrom: '2000-01-01T00:00:00.000Z' }).where(eq(retentionDue.schoolId, schoolId!)))
  // SQLite checkpoints the log after a commit has let go of the write lock, in the committing call: the timing would
  // count it as the lock's. The server's own writes keep checkpointing; the step checkpoints once at the end.
  database.sqliteWriter?.pragma('wal_autocheckpoint = 0')
  const durations = timingTransactions(database)
  const started = performance.now()
  const done = await eraseDue(ctx)
  const ms = performance.now() - started
  database.sqliteWriter?.pragma('wal_checkpoint(PASSIVE)')
  const keptWhole = await database.db.select({ id: people.id }).from(people)
    .where(and(eq(people.schoolId, schoolId!), eq(people.dateOfBirth, '1990-03-01'), isNull(people.erasedAt)))
  console.log(JSON.stringify({
    ms, ...done, keptWhole: keptWhole.length, transactions: durations.length, longestMs: Math.max(...durations), p99Ms: percentile(durations, 0.99),
    slowest: durations.map((ms, at) => ({ at, ms: Math.round(ms) })).sort((a, b) => b.ms - a.ms).slice(0, 8)
  }))
} else {
  throw new Error(`No step ${step}; use prepare, preview or erase.`)
}
await database.close()
