import { and, eq, gt, isNull } from 'drizzle-orm'
import { apiTokens, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { timestampNow } from '../days/clock'
import { wordsOf } from '../shared/word-list'
import { isScope, scopeCatalogue, type Scope } from '../access/catalogue'
import { childrenWithStanding } from '../access/children-shown'
import { receiptSummaryDays, receiptsOf, summariseReceipts } from '../receipts/receipts'
import { addDays } from '../days/calendar'
import { compareText } from '../shared/compare-text'

/**
 * The scopes through which an integration reads people's records (names, spans, who pays, starters'
 * contacts, rosters, warehouse files, restricted records, a child's absences and their reasons). The others
 * write, or read no family (tours), or only say that something changed (the events feed).
 */
export const scopesReachingPeople: readonly Scope[] = [
  'person.read', 'affiliation.read', 'billing.read', 'starter.read', 'roster.read', 'export.read', 'restricted.read', 'absence.read', 'contact.read'
]

/**
 * Our data: the integrations that can read this family's records today, each live token (not revoked,
 * not expired) that holds a scope reaching people, by its purpose and those scopes in words. A token's
 * id never leaves the school; tokens alike in purpose and scopes are told once.
 */
export async function integrationsReadingFamily(ctx: Pick<DomainContext, 'database' | 'school'>) {
  const tokens = await ctx.database.db.select({ purpose: apiTokens.purpose, scopes: apiTokens.scopes }).from(apiTokens)
    .where(and(eq(apiTokens.schoolId, ctx.school.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, timestampNow())))
  const told = new Map<string, { purpose: string, scopes: { name: Scope, grants: string }[] }>()
  for (const token of tokens) {
    const reaching = wordsOf(token.scopes).filter(isScope).filter(scope => scopesReachingPeople.includes(scope)).sort()
    if (!reaching.length) continue
    const key = `${token.purpose}\u0000${reaching.join(' ')}`
    if (!told.has(key)) told.set(key, { purpose: token.purpose, scopes: reaching.map(name => ({ name, grants: scopeCatalogue[name] })) })
  }
  return { integrations: [...told.values()].sort((a, b) => compareText(a.purpose, b.purpose)) }
}

/**
 * Which integrations read the family's records lately (data-access receipts): the adult's own and each
 * child's they have `details` standing on today, by token purpose (never its id).
 */
export async function familyReceipts(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, day: string) {
  const [adult] = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, adultId)))
  const persons = [...(adult ? [adult] : []), ...await childrenWithStanding(ctx, adultId, 'details', day)]
  const receipts = await receiptsOf(ctx, persons.map(person => person.id), addDays(day, -(receiptSummaryDays - 1)))
  return persons.map(person => ({ person, integrations: summariseReceipts(receipts.get(person.id)!, day) }))
}
