import { and, eq, inArray, isNull } from 'drizzle-orm'
import { courtOrders, parentalResponsibilities, people, protectionFlags } from '../../../db/schema'
import { standingPurposes, type StandingPurpose } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { isInForceOn } from '../shared/in-force'
import { purposesOf } from '../restricted/court-orders'
import { safeAdultsOf } from '../restricted/protection-flags'
import { isProtectionFlagInForce, recordRestrictedView } from '../restricted/restricted-record'

/*
 * Standing: what an adult may see or do about a child in the family portal, per purpose, on a day in the
 * school's zone. Decided here alone, from three records:
 * - parental responsibility in force on the day grants every purpose; without it there is nothing;
 * - a protection flag on the child (an open one counts even before its first day, as everywhere in
 *   withholding.ts) withholds every purpose from every adult it does not name as safe;
 * - a court order in force on the day that names the adult withholds the purposes it lists.
 * A court order that names no adult limits no one's standing. docs/portal.md has the table of cases.
 */

/** One adult's standing on a child: each purpose granted or not, and why, in words for the office. */
export interface Standing {
  purposes: Record<StandingPurpose, boolean>
  reasons: string[]
}

const everyPurpose = (granted: boolean) => Object.fromEntries(standingPurposes.map(purpose => [purpose, granted])) as Record<StandingPurpose, boolean>

type ResponsibilityRow = typeof parentalResponsibilities.$inferSelect
type FlagRow = typeof protectionFlags.$inferSelect
type OrderRow = typeof courtOrders.$inferSelect

/** The child's records standing is made of: every responsibility span, flag and order, in force or not. */
async function recordsOfChild({ database, school }: Pick<DomainContext, 'database' | 'school'>, childId: string) {
  const [responsibilities, flags, orders] = await Promise.all([
    database.db.select().from(parentalResponsibilities).where(and(eq(parentalResponsibilities.schoolId, school.id), eq(parentalResponsibilities.childId, childId))),
    database.db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, school.id), eq(protectionFlags.personId, childId))),
    database.db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, school.id), eq(courtOrders.childId, childId)))
  ])
  return { responsibilities, flags, orders }
}

const until = (validTo: string | null) => validTo ? `until ${validTo}` : 'with no end'

/** The standing of one adult from the child's records, on the day: the rule above, in one place. */
function decide(adultId: string, day: string, records: { responsibilities: ResponsibilityRow[], flags: FlagRow[], orders: OrderRow[] }): Standing {
  const spans = records.responsibilities.filter(row => row.adultId === adultId).sort((a, b) => a.validFrom.localeCompare(b.validFrom))
  const current = spans.find(span => isInForceOn(span, day))
  if (!current) {
    const last = spans.at(-1)
    const why = !last
      ? 'no parental responsibility on file'
      : last.validFrom > day ? `parental responsibility only from ${last.validFrom}` : `parental responsibility ended on ${last.validTo}`
    return { purposes: everyPurpose(false), reasons: [why] }
  }
  const purposes = everyPurpose(true)
  const reasons = [`parental responsibility since ${current.validFrom}${current.validTo ? ` until ${current.validTo}` : ''}`]
  for (const flag of records.flags.filter(row => isProtectionFlagInForce(row, day))) {
    if (safeAdultsOf(flag).includes(adultId)) {
      reasons.push(`protection flag since ${flag.validFrom} names this adult as safe`)
    } else {
      for (const purpose of standingPurposes) purposes[purpose] = false
      reasons.push(`protection flag since ${flag.validFrom} withholds the child from every adult it does not name`)
    }
  }
  for (const order of records.orders.filter(row => row.restrainedPersonId === adultId && isInForceOn(row, day))) {
    const limited = purposesOf(order).filter((purpose): purpose is StandingPurpose => (standingPurposes as readonly string[]).includes(purpose))
    for (const purpose of limited) purposes[purpose] = false
    if (limited.length) reasons.push(`court order ${order.validFrom} limits ${limited.join(' and ')} ${until(order.validTo)}`)
  }
  return { purposes, reasons }
}

/**
 * An adult's standing on a child on the day. A child of another school, an unknown id or an adult with no
 * responsibility all come back the same: no purpose granted.
 */
export async function standingOf(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, childId: string, day: string): Promise<Standing> {
  return decide(adultId, day, await recordsOfChild(ctx, childId))
}

/**
 * Refuses a portal caller whose standing on the child does not grant the purpose (and `details`, showsChild) on the day: one answer
 * (`standing_withheld`) whether the child is unknown, of another school, someone they have no
 * responsibility for, or kept from them by a flag or an order, with the same body and the same reads
 * (the child's records are read whatever the case), so nothing tells the cases apart.
 */
export async function assertStanding(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, childId: string, purpose: StandingPurpose, day: string): Promise<void> {
  const standing = await standingOf(ctx, adultId, childId, day)
  if (!showsChild(standing, purpose)) throw standingWithheld()
}

/**
 * Whether the portal may show the child for the purpose: the purpose, and `details` besides, since every
 * answer about a child names them. A separated parent kept from the child's details by a court order
 * sees nothing of the child anywhere in the portal, not their bills, applications or consents either.
 */
export function showsChild(standing: Standing, purpose: StandingPurpose): boolean {
  return standing.purposes[purpose] && standing.purposes.details
}

/** The one refusal of a child the caller may not see, whatever the reason: the same code and body every time. */
export function standingWithheld() {
  return domainError('standing_withheld', ['This is not available for this child.'])
}

/**
 * Who can see this child, for the office: every adult who holds or held parental responsibility for the
 * child, or whom a flag or an order about the child names, with their standing on the day and why.
 * It tells what the restricted record holds, so it is read as that record is (readRestrictedRecord's rules).
 */
export async function standingsOnChild(ctx: Pick<DomainContext, 'database' | 'school'>, childId: string, day: string) {
  const records = await recordsOfChild(ctx, childId)
  const adultIds = [...new Set([
    ...records.responsibilities.map(row => row.adultId),
    ...records.flags.flatMap(safeAdultsOf),
    ...records.orders.flatMap(row => row.restrainedPersonId ? [row.restrainedPersonId] : [])
  ])]
  if (adultIds.length === 0) return []
  const adults = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, adultIds)))
  return adults
    .sort((a, b) => a.familyName.localeCompare(b.familyName) || a.givenNames.localeCompare(b.givenNames) || a.id.localeCompare(b.id))
    .map(adult => ({ adult, ...decide(adult.id, day, records) }))
}

/** The office's "who can see this child" on a day: the standings, for a caller the restricted record is open to, the read recorded first. */
export async function whoCanSeeChild(ctx: DomainContext, childId: string, day: string) {
  await recordRestrictedView(ctx, childId, `Viewed who can see person ${childId} on ${day}`)
  return standingsOnChild(ctx, childId, day)
}

/**
 * The children the portal shows an adult for a purpose on the day (showsChild), in name order: the
 * children they ever held parental responsibility for, each decided as standingOf decides. A child
 * outside it is never named or counted to them.
 */
export async function childrenWithStanding(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, purpose: StandingPurpose, day: string) {
  const spans = await ctx.database.db.select({ childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
    .where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), eq(parentalResponsibilities.adultId, adultId)))
  const candidates = [...new Set(spans.map(span => span.childId))]
  const granted: string[] = []
  for (const childId of candidates) {
    if (showsChild(await standingOf(ctx, adultId, childId, day), purpose)) granted.push(childId)
  }
  if (!granted.length) return []
  const children = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, granted), isNull(people.deletedAt)))
  return children.sort((a, b) => a.givenNames.localeCompare(b.givenNames) || a.familyName.localeCompare(b.familyName) || a.id.localeCompare(b.id))
}

/** Ids a query names at once: well under SQLite's and PostgreSQL's limits on a statement's parameters. */
const idsPerQuery = 2000

/** `ids` in slices a statement can name. */
export function slicesOf<T>(ids: readonly T[], size = idsPerQuery): T[][] {
  const slices: T[][] = []
  for (let start = 0; start < ids.length; start += size) slices.push(ids.slice(start, start + size))
  return slices
}

/**
 * The standing of every adult who ever held parental responsibility for each of `childIds` on the
 * day, decided as standingOf decides, from three reads per slice of children rather than three per
 * child: what consents and messages ask of a class, a year or a school at once.
 */
export async function standingsOfChildren(ctx: Pick<DomainContext, 'database' | 'school'>, childIds: readonly string[], day: string): Promise<Map<string, { adultId: string, standing: Standing }[]>> {
  const answer = new Map<string, { adultId: string, standing: Standing }[]>()
  const { db } = ctx.database
  for (const slice of slicesOf([...new Set(childIds)])) {
    const [responsibilities, flags, orders] = await Promise.all([
      db.select().from(parentalResponsibilities).where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), inArray(parentalResponsibilities.childId, slice))),
      db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, ctx.school.id), inArray(protectionFlags.personId, slice))),
      db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, ctx.school.id), inArray(courtOrders.childId, slice)))
    ])
    const byChild = <Row>(rows: Row[], childOf: (row: Row) => string) => {
      const grouped = new Map<string, Row[]>()
      for (const row of rows) grouped.set(childOf(row), [...grouped.get(childOf(row)) ?? [], row])
      return grouped
    }
    const spans = byChild(responsibilities, row => row.childId)
    const flagsOf = byChild(flags, row => row.personId)
    const ordersOf = byChild(orders, row => row.childId)
    for (const childId of slice) {
      const records = { responsibilities: spans.get(childId) ?? [], flags: flagsOf.get(childId) ?? [], orders: ordersOf.get(childId) ?? [] }
      const adults = [...new Set(records.responsibilities.map(row => row.adultId))]
      answer.set(childId, adults.map(adultId => ({ adultId, standing: decide(adultId, day, records) })))
    }
  }
  return answer
}

/** Whether the adult holds parental responsibility for the child on the day, whatever an order or a flag withholds (decide's first reason says so). */
export function holdsResponsibility(standing: Standing): boolean {
  return standing.reasons[0]?.startsWith('parental responsibility since') ?? false
}
