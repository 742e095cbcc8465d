import { and, eq, inArray, min, ne, count } from 'drizzle-orm'
import { courtOrders, people, protectionFlags, retentionDue } from '../../../db/schema'
import { retentionRecordClasses, type RetentionRecordClass } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { compareText } from '../shared/compare-text'
import { listSlice } from '../shared/list-slice'
import { timestampNow } from '../days/clock'
import { assertCapability, holdsCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { nameKeyMatches, nameSearchPrefixes } from '../people/name-key'
import { heldPersonIds, listLegalHolds } from './legal-holds'
import { recordRetentionAction } from './retention-actions'
import { retentionClassesIn } from './read-retention-schedule'

/**
 * The due list as the office sees it (Settings → Data retention → Due): how many records of each class are past their
 * period and when the first may go, for every member of staff; the holds in force for those who manage retention.
 */
export async function readRetentionDue(ctx: DomainContext) {
  const rows = await ctx.database.db.select({
    recordClass: retentionDue.recordClass, subjectKind: retentionDue.subjectKind, rows: count(),
    records: min(retentionDue.records), erasableFrom: min(retentionDue.erasableFrom)
  }).from(retentionDue).where(eq(retentionDue.schoolId, ctx.school.id))
    .groupBy(retentionDue.recordClass, retentionDue.subjectKind)
  const latest = await ctx.database.db.select({ recordClass: retentionDue.recordClass, subjectId: retentionDue.subjectId, records: retentionDue.records })
    .from(retentionDue).where(and(eq(retentionDue.schoolId, ctx.school.id), eq(retentionDue.subjectKind, 'cutoff')))
  const counts = new Map<RetentionRecordClass, { due: number, erasableFrom: string | null }>()
  for (const row of rows) {
    const was = counts.get(row.recordClass) ?? { due: 0, erasableFrom: null }
    // A class of records in bulk is counted at its latest cutoff, which holds every record of the earlier ones.
    const due = row.subjectKind === 'cutoff'
      ? latest.filter(each => each.recordClass === row.recordClass).sort((a, b) => compareText(b.subjectId, a.subjectId))[0]!.records
      : Number(row.rows)
    const erasableFrom = !was.erasableFrom || (row.erasableFrom && row.erasableFrom < was.erasableFrom) ? row.erasableFrom : was.erasableFrom
    counts.set(row.recordClass, { due: was.due + due, erasableFrom })
  }
  const manages = holdsCapability(ctx, 'retention.manage')
  return {
    counts: retentionRecordClasses.map(recordClass => ({
      recordClass, due: counts.get(recordClass)?.due ?? 0, review: recordClass === 'restricted_records',
      erasableFrom: recordClass === 'restricted_records' ? null : counts.get(recordClass)?.erasableFrom ?? null
    })),
    holds: manages ? await listLegalHolds(ctx) : null
  }
}

export interface DueRecordsFilters {
  recordClass?: RetentionRecordClass
  q?: string
}

/**
 * The records of the due list, one page: people and restricted records with the person's name read live, searched by
 * name on the server, soonest to go first. Whether each is held is read now, as the erasure would read it.
 */
export async function listDueRecords(ctx: DomainContext, request: { limit: number, after?: [number] }, query: DueRecordsFilters = {}) {
  assertCapability(ctx, 'retention.manage')
  const db = ctx.database.db
  const schoolId = ctx.school.id
  const where = and(eq(retentionDue.schoolId, schoolId), ne(retentionDue.subjectKind, 'cutoff'),
    query.recordClass ? eq(retentionDue.recordClass, query.recordClass) : undefined)
  const columns = {
    recordClass: retentionDue.recordClass, subjectKind: retentionDue.subjectKind, subjectId: retentionDue.subjectId, passedOn: retentionDue.passedOn,
    erasableFrom: retentionDue.erasableFrom, reviewedAt: retentionDue.reviewedAt,
    personId: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey
  }
  const [persons, flags, orders] = await Promise.all([
    db.select(columns).from(retentionDue).innerJoin(people, eq(people.id, retentionDue.subjectId))
      .where(and(where, eq(retentionDue.subjectKind, 'person'))),
    db.select(columns).from(retentionDue).innerJoin(protectionFlags, eq(protectionFlags.id, retentionDue.subjectId))
      .innerJoin(people, eq(people.id, protectionFlags.personId)).where(and(where, eq(retentionDue.subjectKind, 'protection_flag'))),
    db.select(columns).from(retentionDue).innerJoin(courtOrders, eq(courtOrders.id, retentionDue.subjectId))
      .innerJoin(people, eq(people.id, courtOrders.childId)).where(and(where, eq(retentionDue.subjectKind, 'court_order')))
  ])
  const prefixes = query.q ? nameSearchPrefixes(query.q) : []
  const all = [...persons, ...flags, ...orders]
    .filter(row => !query.q || nameKeyMatches(row.nameKey, prefixes))
    .sort((a, b) => compareText(a.erasableFrom, b.erasableFrom) || compareText(a.nameKey, b.nameKey) || compareText(a.subjectId, b.subjectId))
  const page = listSlice(all, request)
  const held = await heldPersonIds(db, schoolId, page.items.map(row => row.personId))
  return {
    next: page.next,
    items: page.items.map(row => ({
      recordClass: row.recordClass, subjectKind: row.subjectKind as 'person' | 'protection_flag' | 'court_order', subjectId: row.subjectId,
      personId: row.personId, name: `${row.givenNames} ${row.familyName}`, passedOn: row.passedOn,
      erasableFrom: row.recordClass === 'restricted_records' ? null : row.erasableFrom, held: held.has(row.personId), reviewedAt: row.reviewedAt
    }))
  }
}

/**
 * Marks a restricted record past its period reviewed (docs/retention.md): the sweep never erases one; the office reads
 * it and decides, outside Rollbook's sweep, what becomes of it. Recorded in Activity and as a `reviewed` retention action.
 */
export async function reviewRestrictedRecord(ctx: DomainContext, subject: { subjectKind: 'protection_flag' | 'court_order', subjectId: string }) {
  assertCapability(ctx, 'retention.manage')
  return ctx.database.transaction(async (tx) => {
    const key = and(eq(retentionDue.schoolId, ctx.school.id), eq(retentionDue.recordClass, 'restricted_records'),
      eq(retentionDue.subjectKind, subject.subjectKind), inArray(retentionDue.subjectId, [subject.subjectId]))
    const [row] = await tx.select().from(retentionDue).where(key)
    if (!row) throw domainError('not_found', [`No restricted record due for review has the id ${subject.subjectId}.`])
    const reviewedAt = timestampNow()
    await tx.update(retentionDue).set({ reviewedAt, reviewedBy: recordedActor(ctx.actor) }).where(key)
    await recordActivity(tx, ctx, {
      kind: 'restricted_record.reviewed', subjectType: subject.subjectKind, subjectId: subject.subjectId,
      summary: `A restricted record past its period reviewed (${subject.subjectKind.replace('_', ' ')})`
    })
    const months = (await retentionClassesIn(tx, ctx.school.id)).find(each => each.recordClass === 'restricted_records')!.months
    await recordRetentionAction(tx, ctx, { action: 'reviewed', recordClass: 'restricted_records', count: 1, rule: `schedule:restricted_records:${months}` })
    return { subjectKind: subject.subjectKind, subjectId: subject.subjectId, reviewedAt }
  })
}
