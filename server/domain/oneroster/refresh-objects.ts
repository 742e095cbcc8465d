import { createHash } from 'node:crypto'
import { and, eq, inArray, lt } from 'drizzle-orm'
import { onerosterObjects, onerosterRefreshes } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import { slicesOf } from '../../../db/id-slices'
import { holdUntilCommit } from '../../../db/transaction-lock'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { currentTime, todayInZone } from '../days/clock'
import { readRosterSnapshot } from '../rosters/roster-snapshot'
import { rosterFacts, tombstoneOf, type FactsOf } from './roster-facts'
import type { OneRosterObjectKind } from '../../../shared/vocabulary'

/** How long a record that left the roster is still served, as `tobedeleted`. */
export const tobedeletedDays = 30

/**
 * How far behind the school's data a pull may be served without a refresh first: a platform pulling
 * page after page of a busy school is not made to wait for a rebuild between pages, and the worker
 * (refresh-queue.ts) brings the objects up to date meanwhile.
 */
export const servedBehindSeconds = 60

const hashOf = (body: string) => createHash('sha256').update(body).digest('base64url')

type ObjectRow = typeof onerosterObjects.$inferInsert

async function lastRefresh(db: Db, schoolId: string) {
  const [last] = await db.select().from(onerosterRefreshes).where(eq(onerosterRefreshes.schoolId, schoolId))
  return last
}

/** Whether the school's objects were brought up to `version` of its data on `day` already. */
function isRefreshedTo(last: typeof onerosterRefreshes.$inferSelect | undefined, day: string, version: number): boolean {
  return !!last && last.day === day && last.dataVersion >= version
}

/** What a refresh compares against: each kept object's status and hash, not its body (tens of megabytes at 40,000 students). */
function keptHashes(db: Db, schoolId: string) {
  return db.select({
    kind: onerosterObjects.kind, sourcedId: onerosterObjects.sourcedId, status: onerosterObjects.status, contentHash: onerosterObjects.contentHash
  }).from(onerosterObjects).where(eq(onerosterObjects.schoolId, schoolId))
}

/** The whole rows of the objects that left, for their tombstones. */
async function keptBodies(db: Db, schoolId: string, leaving: readonly { kind: OneRosterObjectKind, sourcedId: string }[]) {
  const rows: (typeof onerosterObjects.$inferSelect)[] = []
  for (const kind of new Set(leaving.map(left => left.kind))) {
    for (const slice of slicesOf(leaving.filter(left => left.kind === kind).map(left => left.sourcedId))) {
      rows.push(...await db.select().from(onerosterObjects)
        .where(and(eq(onerosterObjects.schoolId, schoolId), eq(onerosterObjects.kind, kind), inArray(onerosterObjects.sourcedId, slice))))
    }
  }
  return rows
}

/** Whether the school's objects may be served as they are, or must be brought up to date first. */
export async function needsRefresh(ctx: DomainContext): Promise<boolean> {
  const [last] = await ctx.database.db.select().from(onerosterRefreshes).where(eq(onerosterRefreshes.schoolId, ctx.school.id))
  if (!last || last.day !== todayInZone(ctx.school.timeZone)) return true
  if (last.dataVersion >= ctx.school.dataVersion) return false
  return currentTime().getTime() - Date.parse(last.refreshedAt) > servedBehindSeconds * 1000
}

/**
 * Brings the school's served objects up to its data as of `ctx.school.dataVersion` and today: an
 * object whose content changed, or that came back, is stamped now; one that left is kept as a
 * tombstone (`tobedeleted`, stamped now) for 30 days, then removed. The snapshot is read before the
 * write, which takes a lock of its own (never the school's, so no writer of the school waits) and
 * writes only what changed; of two instances refreshing at once, the second finds the work done.
 * Answers how many objects it changed.
 */
export async function refreshServedObjects(ctx: DomainContext): Promise<{ changed: number }> {
  const { database, school } = ctx
  const day = todayInZone(school.timeZone)
  const version = school.dataVersion
  const before = await lastRefresh(database.db, school.id)
  if (isRefreshedTo(before, day, version)) return { changed: 0 }
  const facts = rosterFacts(await readRosterSnapshot(ctx, day))
  let kept = await keptHashes(database.db, school.id)

  return database.transaction(async (tx) => {
    await holdUntilCommit(database, tx, `oneroster refresh ${school.id}`)
    const last = await lastRefresh(tx, school.id)
    if (isRefreshedTo(last, day, version)) return { changed: 0 }
    // Another instance refreshed between the read and the lock: what it wrote is read again, under the lock.
    if (last?.refreshedAt !== before?.refreshedAt) kept = await keptHashes(tx, school.id)

    const now = currentTime().toISOString()
    const keptByKey = new Map(kept.map(row => [`${row.kind} ${row.sourcedId}`, row]))
    const writes: ObjectRow[] = []
    for (const fact of facts) {
      const key = `${fact.kind} ${fact.sourcedId}`
      const body = JSON.stringify(fact.facts)
      const contentHash = hashOf(body)
      const held = keptByKey.get(key)
      keptByKey.delete(key)
      if (held?.status === 'active' && held.contentHash === contentHash) continue
      writes.push({
        schoolId: school.id, kind: fact.kind, sourcedId: fact.sourcedId, status: 'active', dateLastModified: now, contentHash, body,
        classSourcedId: fact.classId ?? null, userSourcedId: fact.userId ?? null, role: fact.role ?? null
      })
    }
    const leaving = [...keptByKey.values()].filter(left => left.status === 'active')
    for (const left of await keptBodies(tx, school.id, leaving)) {
      const body = JSON.stringify(tombstoneOf(left.kind, left.sourcedId, JSON.parse(left.body) as FactsOf[OneRosterObjectKind]))
      writes.push({
        schoolId: school.id, kind: left.kind, sourcedId: left.sourcedId, status: 'tobedeleted', dateLastModified: now, contentHash: hashOf(body), body,
        classSourcedId: left.classSourcedId, userSourcedId: left.userSourcedId, role: left.role
      })
    }
    await bulkInsert(tx, onerosterObjects, writes, {
      target: ['schoolId', 'kind', 'sourcedId'], replace: ['status', 'dateLastModified', 'contentHash', 'body', 'classSourcedId', 'userSourcedId', 'role']
    })
    const forgetBefore = new Date(Date.parse(now) - tobedeletedDays * 86_400_000).toISOString()
    await tx.delete(onerosterObjects).where(and(
      eq(onerosterObjects.schoolId, school.id), eq(onerosterObjects.status, 'tobedeleted'), lt(onerosterObjects.dateLastModified, forgetBefore)
    ))
    const state = { dataVersion: version, day, refreshedAt: now }
    await tx.insert(onerosterRefreshes).values({ schoolId: school.id, ...state }).onConflictDoUpdate({ target: onerosterRefreshes.schoolId, set: state })
    return { changed: writes.length }
  })
}

/** The school's objects brought up to date when they are too far behind to serve (needsRefresh). */
export async function servedObjectsReady(ctx: DomainContext): Promise<void> {
  if (await needsRefresh(ctx)) await refreshServedObjects(ctx)
}

/**
 * Turns an erased person's served user into its tombstone at once, in the erasure's transaction (issue 42): the kept
 * body holds their name, and must not outlive the erasure until the next refresh. Their enrollments name ids only,
 * and leave with the refresh as any leaver's do.
 */
export async function tombstoneServedUser(tx: Db, schoolId: string, personId: string): Promise<void> {
  const where = and(eq(onerosterObjects.schoolId, schoolId), eq(onerosterObjects.kind, 'user'), eq(onerosterObjects.sourcedId, personId))
  const [served] = await tx.select({ body: onerosterObjects.body, status: onerosterObjects.status }).from(onerosterObjects).where(where)
  if (!served) return
  const body = JSON.stringify(tombstoneOf('user', personId, JSON.parse(served.body) as FactsOf['user']))
  await tx.update(onerosterObjects)
    .set({ status: 'tobedeleted', body, contentHash: hashOf(body), dateLastModified: currentTime().toISOString() })
    .where(where)
}
