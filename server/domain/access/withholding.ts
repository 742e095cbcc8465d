import { and, eq, exists, or, type Column } from 'drizzle-orm'
import { courtOrders, protectionFlags } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { courtOrderInForce, protectionFlagInForce } from '../restricted/in-force-rules'
import type { Access } from './access'

/*
 * Withholding: which people a caller may see, for what, on the day. The protection flags and court
 * orders are recorded in server/domain/restricted/; whether they keep a child from a caller is
 * decided here alone.
 */

/** Why a caller wants a person. */
export type Purpose =
  /** A list that hands a child's details on to others (rosters, starters, class lists): a child under restriction on the day is left out, whoever asks. */
  | 'handed_on'
  /** The person's restricted record itself (protection flags, court orders, exit reasons): `restricted.read` only. */
  | 'restricted_record'
  /**
   * A list the school's own staff read on the screens (starters, a class's members): a child under
   * restriction on the day is listed, marked, to a caller holding `restricted.read`, and left out for
   * anyone else, as a list handed on leaves them out.
   */
  | 'office_list'

/** Whether a list read for this purpose keeps the children under restriction (marked) instead of leaving them out. */
export function listsRestrictedChildren(ctx: Access, purpose: Purpose): boolean {
  return purpose === 'office_list' && ctx.capabilities.has('restricted.read')
}

/**
 * Whether the child in `childId` (a column of the outer query) is under restriction on the day, as a
 * condition a list can leave such children out with, in the query itself, so its pages stay full and
 * nothing in them hints that anyone was left out.
 */
export function underRestriction(db: Db, childId: Column, day: string) {
  return or(
    exists(db.select({ id: protectionFlags.id }).from(protectionFlags).where(and(eq(protectionFlags.personId, childId), protectionFlagInForce(day)))),
    exists(db.select({ id: courtOrders.id }).from(courtOrders).where(and(eq(courtOrders.childId, childId), courtOrderInForce(day))))
  )!
}

/**
 * Which of these children have an open protection flag, or one or a court order in force on the day. Lists that
 * hand children's details to others leave them out; the answer says no more than
 * that, so a caller learns nothing restricted from it.
 */
export async function childrenUnderRestriction(
  ctx: Pick<DomainContext, 'database' | 'school'>, childIds: readonly string[], day: string
): Promise<Set<string>> {
  if (childIds.length === 0) return new Set()
  // The school's restricted children are few whatever its size: asked for whole, so a long list of ids binds nothing.
  const restricted = await childrenUnderRestrictionAt(ctx, day)
  return new Set(childIds.filter(id => restricted.has(id)))
}

/**
 * The school's children with an open protection flag, or one or a court order in force on the day:
 * few, whatever the school's size, and asked for without a list of ids, so a roster of 40,000
 * students binds no value per student. Lists that hand children's details to others leave them out;
 * the answer says no more than that, so a caller learns nothing restricted from it.
 */
export async function childrenUnderRestrictionAt({ database, school }: Pick<DomainContext, 'database' | 'school'>, day: string): Promise<Set<string>> {
  const [flagged, ordered] = await Promise.all([
    database.db.selectDistinct({ id: protectionFlags.personId }).from(protectionFlags)
      .where(and(eq(protectionFlags.schoolId, school.id), protectionFlagInForce(day))),
    database.db.selectDistinct({ id: courtOrders.childId }).from(courtOrders)
      .where(and(eq(courtOrders.schoolId, school.id), courtOrderInForce(day)))
  ])
  return new Set([...flagged, ...ordered].map(row => row.id))
}

/** Whether this caller may see this person for this purpose on the day. */
export async function canSee(ctx: Pick<DomainContext, 'database' | 'school'> & Access, personId: string, purpose: Purpose, day: string): Promise<boolean> {
  switch (purpose) {
    case 'restricted_record':
      return ctx.capabilities.has('restricted.read')
    case 'handed_on':
    case 'office_list':
      return listsRestrictedChildren(ctx, purpose) || !(await childrenUnderRestriction(ctx, [personId], day)).has(personId)
  }
}

/** `forbidden` unless `canSee`; for a read of one person, where leaving them out of a list is not the answer. */
export async function assertCanSee(ctx: Pick<DomainContext, 'database' | 'school'> & Access, personId: string, purpose: Purpose, day: string): Promise<void> {
  if (await canSee(ctx, personId, purpose, day)) return
  throw purpose === 'restricted_record'
    ? domainError('forbidden', ['The caller lacks the capability restricted.read.'], { data: { missingScope: 'restricted.read' } })
    : domainError('not_found', ['No person with this id.'])
}
