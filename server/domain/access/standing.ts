import { and, eq, inArray } from 'drizzle-orm'
import { courtOrders, parentalResponsibilities, people, protectionFlags } from '../../../db/schema'
import { standingPurposes, type StandingPurpose } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { isInForceOn } from '../days/in-force'
import { compareText } from '../shared/compare-text'
import { compareByName } from '../people/name-key'
import { purposesOf } from '../restricted/court-orders'
import { safeAdultsOf } from '../restricted/protection-flags'
import { isProtectionFlagInForce } from '../restricted/in-force-rules'
import { slicesOf } from '../../../db/id-slices'
import { namedOnAdmissions } from './named-on-admissions'

/*
 * Standing: what an adult may see or do about a child in the family portal, per purpose, on a day in the
 * school's zone. Decided here alone, for every child whatever brought them in, from these records:
 * - parental responsibility in force on the day grants every purpose; without it there is nothing,
 *   except that where no responsibility is on file for the child at all (a prospective pupil), an
 *   application naming the adult among its adults, or a tour booking made by them as the enquirer,
 *   grants `applications` and nothing more;
 * - a protection flag on the child (an open one counts even before its first day, as everywhere in
 *   withholding.ts) withholds every purpose from every adult it does not name as safe;
 * - a court order in force on the day that names the adult withholds the purposes it lists.
 * A court order that names no adult limits no one's standing. docs/portal.md has the table of cases.
 */

/**
 * One adult's standing on a child: each purpose granted or not, whether they hold parental
 * responsibility on the day (whatever a flag or an order withholds), and why, in words for the office.
 * Code reads `purposes` and `responsible`, never `reasons`: those are for people and may be reworded.
 */
export interface Standing {
  purposes: Record<StandingPurpose, boolean>
  responsible: boolean
  reasons: string[]
}

const everyPurpose = (granted: boolean) => Object.fromEntries(standingPurposes.map(purpose => [purpose, granted])) as Record<StandingPurpose, boolean>

type ResponsibilityRow = typeof parentalResponsibilities.$inferSelect
type FlagRow = typeof protectionFlags.$inferSelect
type OrderRow = typeof courtOrders.$inferSelect

/** What standing is decided from: the child's responsibility spans, flags and orders, and the adults an application or a booking for the child names. */
interface ChildRecords { responsibilities: ResponsibilityRow[], flags: FlagRow[], orders: OrderRow[], named: string[] }

/** The child's records standing is made of: every responsibility span, flag and order, in force or not, and who the admissions records name. */
async function recordsOfChild(ctx: Pick<DomainContext, 'database' | 'school'>, childId: string): Promise<ChildRecords> {
  const { database, school } = ctx
  const [responsibilities, flags, orders, named] = await Promise.all([
    database.db.select().from(parentalResponsibilities)
      .where(and(eq(parentalResponsibilities.schoolId, school.id), eq(parentalResponsibilities.childId, childId))),
    database.db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, school.id), eq(protectionFlags.personId, childId))),
    database.db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, school.id), eq(courtOrders.childId, childId))),
    namedOnAdmissions(ctx, { childId })
  ])
  return { responsibilities, flags, orders, named: [...new Set(named.map(pair => pair.adultId))] }
}

const until = (validTo: string | null) => validTo ? `until ${validTo}` : 'with no end'

/**
 * What the adult starts from before any flag or order: every purpose with responsibility in force;
 * `applications` alone for an adult an application or a booking names, where no responsibility is on
 * file for the child; otherwise nothing, and why.
 */
function basisOf(adultId: string, day: string, records: ChildRecords): Standing {
  const spans = records.responsibilities.filter(row => row.adultId === adultId).sort((a, b) => compareText(a.validFrom, b.validFrom))
  const current = spans.find(span => isInForceOn(span, day))
  if (current) {
    return {
      purposes: everyPurpose(true), responsible: true,
      reasons: [`parental responsibility since ${current.validFrom}${current.validTo ? ` until ${current.validTo}` : ''}`]
    }
  }
  const last = spans.at(-1)
  if (last) {
    return {
      purposes: everyPurpose(false), responsible: false,
      reasons: [last.validFrom > day ? `parental responsibility only from ${last.validFrom}` : `parental responsibility ended on ${last.validTo}`]
    }
  }
  if (!records.named.includes(adultId)) return { purposes: everyPurpose(false), responsible: false, reasons: ['no parental responsibility on file'] }
  if (records.responsibilities.length) {
    return {
      purposes: everyPurpose(false), responsible: false,
      reasons: ['no parental responsibility on file; others hold it, so an application or a booking gives nothing']
    }
  }
  return {
    purposes: { ...everyPurpose(false), applications: true }, responsible: false,
    reasons: ['named on an application or a tour booking, with no parental responsibility on file for the child']
  }
}

/** The standing of one adult from the child's records, on the day: the rule above, in one place. */
function decide(adultId: string, day: string, records: ChildRecords): Standing {
  const { purposes, responsible, reasons } = basisOf(adultId, day, records)
  if (!Object.values(purposes).some(Boolean)) return { purposes, responsible, reasons }
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
    // An applicant's application names the child, as details would: an order keeping them from the child's details keeps it from them too.
    if (!responsible && limited.includes('details')) purposes.applications = false
    if (limited.length) reasons.push(`court order ${order.validFrom} limits ${limited.join(' and ')} ${until(order.validTo)}`)
  }
  return { purposes, responsible, reasons }
}

/**
 * An adult's standing on a child on the day. A child of another school, an unknown id or an adult with no
 * responsibility (and no application or booking for a child with none on file) all come back the same:
 * no purpose granted.
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
export async function assertStanding(
  ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, childId: string, purpose: StandingPurpose, day: string
): Promise<void> {
  const standing = await standingOf(ctx, adultId, childId, day)
  if (!showsChild(standing, purpose)) throw standingWithheld()
}

/**
 * Whether the portal may show the child for the purpose: the purpose, and `details` besides, since every
 * answer about a child names them. A separated parent kept from the child's details by a court order
 * sees nothing of the child anywhere in the portal, not their bills, applications or consents either.
 * One exception: an applicant without responsibility (`applications` alone) is shown their own
 * application or booking, which names the child they named themselves; a flag or an order still
 * withholds it, since decide() then takes `applications` away.
 */
export function showsChild(standing: Standing, purpose: StandingPurpose): boolean {
  if (!standing.purposes[purpose]) return false
  return standing.purposes.details || (purpose === 'applications' && !standing.responsible)
}

/** The one refusal of a child the caller may not see, whatever the reason: the same code and body every time. */
export function standingWithheld() {
  return domainError('standing_withheld', ['This is not available for this child.'])
}

/**
 * Who can see this child, for the office: every adult who holds or held parental responsibility for the
 * child, or whom an application, a booking, a flag or an order about the child names, with their standing on the day and why.
 * It tells what the restricted record holds, so it is read as that record is (readRestrictedRecord's rules).
 */
export async function standingsOnChild(ctx: Pick<DomainContext, 'database' | 'school'>, childId: string, day: string) {
  const records = await recordsOfChild(ctx, childId)
  const adultIds = [...new Set([
    ...records.responsibilities.map(row => row.adultId),
    ...records.named,
    ...records.flags.flatMap(safeAdultsOf),
    ...records.orders.flatMap(row => row.restrainedPersonId ? [row.restrainedPersonId] : [])
  ])]
  if (adultIds.length === 0) return []
  const adults = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey })
    .from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, adultIds)))
  return adults.sort(compareByName).map(({ nameKey: _, ...adult }) => ({ adult, ...decide(adult.id, day, records) }))
}

/**
 * The standing of every adult who ever held parental responsibility for each of `childIds` on the
 * day, decided as standingOf decides, from three reads per slice of children rather than three per
 * child: what consents and messages ask of a class, a year or a school at once. Every adult listed has
 * a span on file, so an application or a booking could give none of them anything, and admissions are
 * not read; unless `applicants` asks for them (a notice about an application, which its adults are told
 * of whether or not they hold responsibility): then the adults an application or a booking names are
 * listed too, with what standingOf would grant them (a fourth read).
 */
export async function standingsOfChildren(
  ctx: Pick<DomainContext, 'database' | 'school'>, childIds: readonly string[], day: string, options: { applicants?: boolean } = {}
): Promise<Map<string, { adultId: string, standing: Standing }[]>> {
  const answer = new Map<string, { adultId: string, standing: Standing }[]>()
  const { db } = ctx.database
  for (const slice of slicesOf([...new Set(childIds)])) {
    const [responsibilities, flags, orders, named] = await Promise.all([
      db.select().from(parentalResponsibilities)
        .where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), inArray(parentalResponsibilities.childId, slice))),
      db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, ctx.school.id), inArray(protectionFlags.personId, slice))),
      db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, ctx.school.id), inArray(courtOrders.childId, slice))),
      options.applicants ? namedOnAdmissions(ctx, { childIds: slice }) : []
    ])
    const byChild = <Row>(rows: Row[], childOf: (row: Row) => string) => {
      const grouped = new Map<string, Row[]>()
      for (const row of rows) grouped.set(childOf(row), [...grouped.get(childOf(row)) ?? [], row])
      return grouped
    }
    const spans = byChild(responsibilities, row => row.childId)
    const flagsOf = byChild(flags, row => row.personId)
    const ordersOf = byChild(orders, row => row.childId)
    const namedOf = byChild(named, row => row.childId)
    for (const childId of slice) {
      const records = {
        responsibilities: spans.get(childId) ?? [], flags: flagsOf.get(childId) ?? [], orders: ordersOf.get(childId) ?? [],
        named: [...new Set((namedOf.get(childId) ?? []).map(row => row.adultId))]
      }
      const adults = [...new Set([...records.responsibilities.map(row => row.adultId), ...records.named])]
      answer.set(childId, adults.map(adultId => ({ adultId, standing: decide(adultId, day, records) })))
    }
  }
  return answer
}

/**
 * Whether the adult holds parental responsibility for the child on the day, whatever an order or a flag withholds:
 * read from the value decide() sets, never from its words.
 */
export function holdsResponsibility(standing: Standing): boolean {
  return standing.responsible
}
