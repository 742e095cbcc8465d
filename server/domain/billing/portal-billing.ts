import { and, asc, eq } from 'drizzle-orm'
import { billingResponsibilities, concessions, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { inForceOn } from '../days/in-force'
import { childrenWithStanding } from '../access/children-shown'
import { childWithStanding } from '../portal/portal-child'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type Child = { id: string, familyName: string, givenNames: string }

/**
 * Who pays for a child on the day: each charge category's payers, named, with their shares in basis
 * points (shared/basis-points.ts), and the concessions in force by kind. Never an amount: amounts belong to the fee schedule.
 */
async function payersOf(ctx: ReadContext, child: Child, day: string) {
  const [shares, held] = await Promise.all([
    ctx.database.db.select({
      category: billingResponsibilities.category, share: billingResponsibilities.share, payerId: people.id, familyName: people.familyName,
      givenNames: people.givenNames
    })
      .from(billingResponsibilities)
      .innerJoin(people, eq(people.id, billingResponsibilities.payerId))
      .where(and(eq(billingResponsibilities.schoolId, ctx.school.id), eq(billingResponsibilities.studentId, child.id), inForceOn(billingResponsibilities, day)))
      .orderBy(asc(billingResponsibilities.category), asc(people.familyName), asc(people.givenNames), asc(people.id)),
    ctx.database.db.select({ kind: concessions.kind, validFrom: concessions.validFrom, validTo: concessions.validTo }).from(concessions)
      .where(and(eq(concessions.schoolId, ctx.school.id), eq(concessions.studentId, child.id), inForceOn(concessions, day)))
      .orderBy(asc(concessions.kind), asc(concessions.validFrom))
  ])
  const categories = new Map<string, { id: string, familyName: string, givenNames: string, share: number }[]>()
  for (const row of shares) {
    const payers = categories.get(row.category) ?? []
    payers.push({ id: row.payerId, familyName: row.familyName, givenNames: row.givenNames, share: row.share })
    categories.set(row.category, payers)
  }
  return { child, categories: [...categories].map(([category, payers]) => ({ category, payers })), concessions: held }
}

/** Who pays for one child, for an adult with `billing` standing on the day; `standing_withheld` otherwise. */
export async function portalChildPayers(ctx: ReadContext, adultId: string, childId: string, day: string) {
  return payersOf(ctx, await childWithStanding(ctx, adultId, childId, 'billing', day), day)
}

/** Who pays for each child the adult has `billing` standing on today; no other child is named or counted. */
export async function portalPayers(ctx: ReadContext, adultId: string, day: string) {
  const children = await childrenWithStanding(ctx, adultId, 'billing', day)
  return { children: await Promise.all(children.map(child => payersOf(ctx, child, day))) }
}
