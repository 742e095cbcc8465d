import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database, Db } from '../../../db/client'
import { holdUntilCommit } from '../../../db/transaction-lock'
import { detailRequests, people } from '../../../db/schema'
import { childDetailFields, detailFields, type DetailChangeField, type DetailRequestInput } from '../../../shared/schemas/detail-requests'
import type { DomainContext } from '../shared/context'
import { validationFailed } from '../shared/domain-error'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { requirePerson } from '../people/require-person'
import { listInLines, type KeptContact, type KeptMedicalNeed } from '../data-checks/child-care'

/*
 * Our details: a family asks to change an adult's names, email or phone; the office approves or
 * rejects it (detail-approvals.ts). An adult has at most one pending request: a newer one replaces
 * the changes of the one still waiting, so the office never works a change the family has since
 * corrected (docs/portal.md).
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>
export type DetailRequestRow = typeof detailRequests.$inferSelect
type DetailValue = string | null | KeptContact[] | KeptMedicalNeed[]
type DetailValues = Partial<Record<DetailChangeField, DetailValue>>
/** What a request holds: the values asked for, and those on file when it was asked. */
export interface DetailChange { changes: DetailValues, before: DetailValues }

/** How many of an adult's requests Our details shows, newest first. */
const requestsShown = 20

const inWords = (value: DetailValue | undefined) => Array.isArray(value) ? listInLines(value) : value ?? null

/** A request's fields, each with what it was when asked and what was asked for, in the form's order; a child's list one line an entry. */
export function detailChangesOf(row: Pick<DetailRequestRow, 'changes' | 'before'>) {
  const changes = JSON.parse(row.changes) as DetailValues
  const before = JSON.parse(row.before) as DetailValues
  return [...detailFields, ...childDetailFields].filter(field => changes[field] !== undefined)
    .map(field => ({ field, before: inWords(before[field]), after: inWords(changes[field]) ?? '' }))
}

/** A request as the family sees it. */
export function ownRequestView(row: DetailRequestRow) {
  return {
    id: row.id, state: row.state, childId: row.childId, changes: detailChangesOf(row), reason: row.reason, createdAt: row.createdAt, decidedAt: row.decidedAt
  }
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
 * The change an adult asks of their own details, against what is on file: names the school keeps elsewhere are
 * `held_elsewhere`; fields already on file as asked are left out, and when every one is, each is refused beside it.
 */
export async function ownDetailChange(ctx: ReadContext, adultId: string, input: DetailRequestInput, path = ''): Promise<DetailChange> {
  if (input.familyName !== undefined || input.givenNames !== undefined) refuseHeldElsewhere(ctx.school, 'names')
  const person = await requirePerson(ctx.database.db, ctx.school, adultId)
  const asked = detailFields.filter(field => input[field] !== undefined)
  const same = asked.filter(field => input[field] === person[field])
  if (same.length === asked.length) throw validationFailed(same.map(field => ({ path: `${path}${field}`, message: 'This is already on file.' })))
  const fields = asked.filter(field => !same.includes(field))
  return { changes: Object.fromEntries(fields.map(field => [field, input[field]])), before: Object.fromEntries(fields.map(field => [field, person[field]])) }
}

/**
 * Writes a pending request inside the caller's transaction, which holds the adult's request lock: the adult's own
 * (`childId` null) or about one child's lists. A pending request of the adult's about the same is replaced (same id,
 * asked anew, its version one more).
 */
export async function writeDetailRequest(
  tx: Db, ctx: Pick<DomainContext, 'school'>, caller: { adultId: string, accountId: string }, childId: string | null, change: DetailChange
) {
  const [pending] = await tx.select({ id: detailRequests.id }).from(detailRequests)
    .where(and(
      eq(detailRequests.schoolId, ctx.school.id), eq(detailRequests.personId, caller.adultId), eq(detailRequests.state, 'pending'),
      childId === null ? isNull(detailRequests.childId) : eq(detailRequests.childId, childId)
    ))
  const values = { accountId: caller.accountId, changes: JSON.stringify(change.changes), before: JSON.stringify(change.before), createdAt: timestampNow() }
  const id = pending?.id ?? newId('dcr')
  // A new version: an office that read the one replaced is refused when it decides (detail-approvals.ts).
  if (pending) await tx.update(detailRequests).set({ ...values, version: sql`${detailRequests.version} + 1` }).where(eq(detailRequests.id, id))
  else await tx.insert(detailRequests)
    .values({ id, schoolId: ctx.school.id, personId: caller.adultId, childId, state: 'pending', reason: null, decidedAt: null, decidedBy: null, ...values })
  const [row] = await tx.select().from(detailRequests).where(eq(detailRequests.id, id))
  return ownRequestView(row!)
}

/**
 * Asks the office to change the adult's details: a pending request with the values asked for and
 * those on file now (ownDetailChange's refusals). A pending request of the adult's is replaced.
 */
export async function askDetailChange(ctx: DomainContext, caller: { adultId: string, accountId: string }, input: DetailRequestInput) {
  const change = await ownDetailChange(ctx, caller.adultId, input)
  return ctx.database.transaction(async (tx) => {
    await lockAdultRequests(ctx.database, tx, caller.adultId)
    return writeDetailRequest(tx, ctx, caller, null, change)
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
