import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database, Db } from '../../../db/client'
import { holdUntilCommit } from '../../../db/transaction-lock'
import { detailRequests, people } from '../../../db/schema'
import { detailFields, type DetailField, type DetailRequestInput } from '../../../shared/schemas/detail-requests'
import type { DomainContext } from '../shared/context'
import { validationFailed } from '../shared/domain-error'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { requirePerson } from '../people/require-person'

/*
 * Our details: a family asks to change an adult's names, email or phone; the office approves or
 * rejects it (detail-approvals.ts). An adult has at most one pending request: a newer one replaces
 * the changes of the one still waiting, so the office never works a change the family has since
 * corrected (docs/portal.md).
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>
export type DetailRequestRow = typeof detailRequests.$inferSelect
type DetailValues = Partial<Record<DetailField, string | null>>

/** How many of an adult's requests Our details shows, newest first. */
const requestsShown = 20

/** A request's fields, each with what it was when asked and what was asked for, in the form's order. */
export function detailChangesOf(row: Pick<DetailRequestRow, 'changes' | 'before'>) {
  const changes = JSON.parse(row.changes) as DetailValues
  const before = JSON.parse(row.before) as DetailValues
  return detailFields.filter(field => changes[field] !== undefined).map(field => ({ field, before: before[field] ?? null, after: changes[field]! }))
}

/** A request as the family sees it. */
export function ownRequestView(row: DetailRequestRow) {
  return { id: row.id, state: row.state, changes: detailChangesOf(row), reason: row.reason, createdAt: row.createdAt, decidedAt: row.decidedAt }
}

/**
 * Our details: the adult's own names and contact (never another adult's), which parts of a person the
 * school keeps in its SIS, and their latest requests. The person table holds no postal address.
 */
export async function ownDetails(ctx: ReadContext, adultId: string) {
  const [adult] = await ctx.database.db.select({
    id: people.id, familyName: people.familyName, givenNames: people.givenNames, email: people.email, phone: people.phone
  })
    .from(people).where(and(eq(people.schoolId, ctx.school.id), eq(people.id, adultId), isNull(people.deletedAt)))
  const requests = await ctx.database.db.select().from(detailRequests)
    .where(and(eq(detailRequests.schoolId, ctx.school.id), eq(detailRequests.personId, adultId)))
    .orderBy(desc(detailRequests.createdAt), desc(detailRequests.id)).limit(requestsShown)
  return {
    adult: adult ?? { id: adultId, familyName: '', givenNames: '', email: null, phone: null },
    heldElsewhere: ctx.school.lists.heldElsewhere ?? [],
    requests: requests.map(ownRequestView)
  }
}

/**
 * Asks the office to change the adult's details: a pending request with the values asked for and
 * those on file now. Names the school keeps elsewhere are `held_elsewhere`; a field already on file
 * as asked is refused beside it. A pending request of the adult's is replaced (same id, asked anew, its
 * version one more).
 */
export async function askDetailChange(ctx: DomainContext, caller: { adultId: string, accountId: string }, input: DetailRequestInput) {
  if (input.familyName !== undefined || input.givenNames !== undefined) refuseHeldElsewhere(ctx.school, 'names')
  const person = await requirePerson(ctx.database.db, ctx.school, caller.adultId)
  const asked = detailFields.filter(field => input[field] !== undefined)
  const same = asked.filter(field => input[field] === person[field])
  if (same.length === asked.length) throw validationFailed(same.map(field => ({ path: field, message: 'This is already on file.' })))
  const fields = asked.filter(field => !same.includes(field))
  const changes = Object.fromEntries(fields.map(field => [field, input[field]]))
  const before = Object.fromEntries(fields.map(field => [field, person[field]]))
  const now = timestampNow()
  return ctx.database.transaction(async (tx) => {
    await lockAdultRequests(ctx.database, tx, caller.adultId)
    const [pending] = await tx.select({ id: detailRequests.id }).from(detailRequests)
      .where(and(eq(detailRequests.schoolId, ctx.school.id), eq(detailRequests.personId, caller.adultId), eq(detailRequests.state, 'pending')))
    const values = { accountId: caller.accountId, changes: JSON.stringify(changes), before: JSON.stringify(before), createdAt: now }
    const id = pending?.id ?? newId('dcr')
    // A new version: an office that read the one replaced is refused when it decides (detail-approvals.ts).
    if (pending) await tx.update(detailRequests).set({ ...values, version: sql`${detailRequests.version} + 1` }).where(eq(detailRequests.id, id))
    else await tx.insert(detailRequests)
      .values({ id, schoolId: ctx.school.id, personId: caller.adultId, state: 'pending', reason: null, decidedAt: null, decidedBy: null, ...values })
    const [row] = await tx.select().from(detailRequests).where(eq(detailRequests.id, id))
    return ownRequestView(row!)
  })
}

/**
 * Holds an adult's requests still until the transaction ends, so two requests sent at once leave one
 * pending, and an approval applies the values the request holds when it is decided, never values a
 * replacement changed meanwhile. SQLite runs one write transaction at a time already.
 */
export function lockAdultRequests(database: Database, tx: Db, adultId: string) {
  return holdUntilCommit(database, tx, `detail requests ${adultId}`)
}
