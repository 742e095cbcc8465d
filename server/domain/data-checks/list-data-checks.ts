import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { dataCheckAdults, dataCheckChildren, dataChecks } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { todayInZone } from '../days/clock'

/*
 * The office's view of its data checks (docs/data-check.md): the checks with their counts, and one check's progress
 * per class, paged on the server.
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type CheckRow = typeof dataChecks.$inferSelect
interface Counts { adults: number, children: number, waiting: number, confirmed: number, corrected: number }

/** How many checks the list shows, newest first: a school runs a few a year. */
const checksShown = 50

/** A check as the office reads it: `open` while it takes answers (open, its closing day not past in the school's zone). */
export function dataCheckView(row: CheckRow, today: string, counts: Counts) {
  return {
    id: row.id, audience: row.audience, closesOn: row.closesOn, status: row.status, open: row.status === 'open' && row.closesOn >= today,
    createdAt: row.createdAt, remindedAt: row.remindedAt, counts
  }
}

/** Whether the check takes answers today. */
export const takesAnswers = (row: Pick<CheckRow, 'status' | 'closesOn'>, today: string) => row.status === 'open' && row.closesOn >= today

const n = (value: unknown) => Number(value ?? 0)

/** The adults asked by where they stand, and the children covered, of each check named. */
export async function countsOf(ctx: ReadContext, checkIds: readonly string[]): Promise<Map<string, Counts>> {
  if (!checkIds.length) return new Map()
  const { db } = ctx.database
  const [adults, children] = await Promise.all([
    db.select({ checkId: dataCheckAdults.checkId, state: dataCheckAdults.state, count: sql<number>`count(*)` }).from(dataCheckAdults)
      .where(and(eq(dataCheckAdults.schoolId, ctx.school.id), inArray(dataCheckAdults.checkId, [...checkIds])))
      .groupBy(dataCheckAdults.checkId, dataCheckAdults.state),
    db.select({ checkId: dataCheckChildren.checkId, count: sql<number>`count(distinct ${dataCheckChildren.childId})` }).from(dataCheckChildren)
      .where(and(eq(dataCheckChildren.schoolId, ctx.school.id), inArray(dataCheckChildren.checkId, [...checkIds])))
      .groupBy(dataCheckChildren.checkId)
  ])
  const counts = new Map(checkIds.map(id => [id, { adults: 0, children: 0, waiting: 0, confirmed: 0, corrected: 0 }]))
  for (const row of adults) {
    const found = counts.get(row.checkId)!
    found[row.state] += n(row.count)
    found.adults += n(row.count)
  }
  for (const row of children) counts.get(row.checkId)!.children = n(row.count)
  return counts
}

/** The school's checks, newest first, each with its counts. */
export async function listDataChecks(ctx: ReadContext) {
  const rows = await ctx.database.db.select().from(dataChecks).where(eq(dataChecks.schoolId, ctx.school.id))
    .orderBy(desc(dataChecks.createdAt), desc(dataChecks.id)).limit(checksShown)
  const counts = await countsOf(ctx, rows.map(row => row.id))
  const today = todayInZone(ctx.school.timeZone)
  return { items: rows.map(row => dataCheckView(row, today, counts.get(row.id)!)) }
}

/** The school's check with this id; `not_found` otherwise (another school's included). */
export async function requireDataCheck(ctx: ReadContext, checkId: string) {
  const [row] = await ctx.database.db.select().from(dataChecks).where(and(eq(dataChecks.schoolId, ctx.school.id), eq(dataChecks.id, checkId)))
  if (!row) throw domainError('not_found', ['No data check has this id.'])
  return row
}

/**
 * One check's progress per class (the children's homerooms on the day it started, by code; those with none first, as
 * `null`): each class's children and the adults asked about them by where they stand. An adult with children in two
 * classes counts in each. Paged on the server by class code.
 */
export async function dataCheckProgress(ctx: ReadContext, checkId: string, page: { limit: number, after?: [string] }) {
  await requireDataCheck(ctx, checkId)
  const c = dataCheckChildren
  const a = dataCheckAdults
  const adultsIn = (state: string) => sql<number>`count(distinct case when ${a.state} = ${state} then ${a.adultId} end)`
  const rows = await ctx.database.db.select({
    classCode: c.classCode,
    children: sql<number>`count(distinct ${c.childId})`,
    adults: sql<number>`count(distinct ${a.adultId})`,
    waiting: adultsIn('waiting'), confirmed: adultsIn('confirmed'), corrected: adultsIn('corrected')
  }).from(c)
    .innerJoin(a, and(eq(a.checkId, c.checkId), eq(a.adultId, c.adultId)))
    .where(and(eq(c.schoolId, ctx.school.id), eq(c.checkId, checkId), page.after ? gt(c.classCode, page.after[0]) : undefined))
    .groupBy(c.classCode)
    .orderBy(asc(c.classCode))
    .limit(page.limit + 1)
  const more = rows.length > page.limit
  const items = (more ? rows.slice(0, page.limit) : rows).map(row => ({
    classCode: row.classCode === '' ? null : row.classCode, children: n(row.children), adults: n(row.adults), waiting: n(row.waiting),
    confirmed: n(row.confirmed), corrected: n(row.corrected)
  }))
  return { items, next: more ? [rows[page.limit - 1]!.classCode] as [string] : null }
}
