import { lockAdultRequests } from './detail-requests'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { detailRequests, people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DetailField } from '../../../shared/schemas/detail-requests'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'
import { timestampNow } from '../days/clock'
import { recordedActor } from '../shared/actor'
import { actorLabels } from '../shared/actor-labels'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { writeChanges } from '../shared/write-changes'
import { recordActivity } from '../activity/record-activity'
import { requirePerson } from '../people/require-person'
import { writePersonName } from '../people/correct-name'
import { writePersonContact } from '../people/contact-details'
import { detailChangesOf, type DetailRequestRow } from './detail-requests'
import { writeChildCare, type ChildCareLists } from '../data-checks/child-care'

/*
 * The office's approval queue for the families' detail changes. Approving applies the change through
 * the people domain's own writes (name history, `person.updated` for the events feed and webhooks) in
 * the same transaction as the request's new state; rejecting keeps a reason the family reads.
 */

type State = DetailRequestRow['state']

/** One page of the school's requests in a state: pending oldest first (a queue), decided ones newest first. */
export async function listDetailRequests(ctx: DomainContext, page: { limit: number, after?: [string, string] }, state: State) {
  const direction = state === 'pending' ? 'asc' : 'desc'
  const order = direction === 'asc' ? asc : desc
  const rows = await ctx.database.db.select({ request: detailRequests, familyName: people.familyName, givenNames: people.givenNames })
    .from(detailRequests)
    .innerJoin(people, eq(people.id, detailRequests.personId))
    .where(and(
      eq(detailRequests.schoolId, ctx.school.id), eq(detailRequests.state, state),
      afterPosition(detailRequests.createdAt, detailRequests.id, page.after, direction)
    ))
    .orderBy(order(detailRequests.createdAt), order(detailRequests.id))
    .limit(page.limit + 1)
  const labels = await actorLabels(ctx.database.db, ctx.school.id, rows.map(row => row.request.decidedBy))
  const childIds = [...new Set(rows.flatMap(row => row.request.childId ? [row.request.childId] : []))]
  const children = new Map((childIds.length
    ? await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
        .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, childIds)))
    : []).map(child => [child.id, child]))
  return keysetSlice(rows, page.limit, ({ request, familyName, givenNames }) => ({
    id: request.id,
    adult: { id: request.personId, familyName, givenNames },
    childId: request.childId,
    child: request.childId ? children.get(request.childId) ?? null : null,
    state: request.state,
    version: request.version,
    changes: detailChangesOf(request),
    reason: request.reason,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt,
    decidedBy: request.decidedBy === null ? null : labels.get(request.decidedBy) ?? request.decidedBy
  }), (last): [string, string] => [last.request.createdAt, last.request.id])
}

/**
 * The school's request with this id, `not_found` otherwise; `conflict` once it is no longer pending, or
 * when the family replaced it since the office read the version it sends (the office decides what it read).
 */
async function requirePendingRequest(db: Db, schoolId: string, requestId: string, version: number) {
  const [row] = await db.select().from(detailRequests).where(and(eq(detailRequests.schoolId, schoolId), eq(detailRequests.id, requestId)))
  if (!row) throw domainError('not_found', [`No detail request has the id ${requestId}.`])
  if (row.state !== 'pending') throw domainError('conflict', [`The request was already ${row.state}.`])
  if (row.version !== version) throw domainError('conflict', ['The family changed this request since you read it: read it again before deciding.'])
  return row
}

/**
 * What Activity keeps of a decided request: each field before and after, for an adult's own details; for a child's
 * lists only which changed, never their names, phones or medical needs.
 */
const activityChanges = (row: DetailRequestRow) => Object.fromEntries(detailChangesOf(row)
  .map(change => [change.field, row.childId === null ? [change.before, change.after] as [unknown, unknown] : [null, 'changed'] as [unknown, unknown]]))

/** Marks the request decided, if it is still pending at the version read: the condition keeps two decisions from both landing. */
async function decide(tx: Db, ctx: DomainContext, row: DetailRequestRow, state: Exclude<State, 'pending'>, reason: string | null) {
  const [decided] = await tx.update(detailRequests).set({ state, reason, decidedAt: timestampNow(), decidedBy: recordedActor(ctx.actor) })
    .where(and(eq(detailRequests.id, row.id), eq(detailRequests.state, 'pending'), eq(detailRequests.version, row.version))).returning()
  if (!decided) throw domainError('conflict', ['The request was decided meanwhile.'])
  await recordActivity(tx, ctx, {
    kind: 'detail_request.decided', subjectType: 'person', subjectId: row.personId,
    summary: row.childId === null
      ? `Person ${row.personId}'s request ${row.id} to change their details ${state}`
      : `Person ${row.personId}'s request ${row.id} to change child ${row.childId}'s contacts or medical needs ${state}`,
    changes: state === 'approved' ? activityChanges(row) : undefined
  })
  return { id: decided.id, state, decidedAt: decided.decidedAt! }
}

/**
 * Approves a pending request at the version the office read: its names through writePersonName (name history, held-elsewhere rule)
 * and its email and phone through writePersonContact, each announcing `person.updated`, with the
 * request's state and Activity, in one transaction. Values already as asked change nothing.
 */
export async function approveDetailRequest(ctx: DomainContext, requestId: string, version: number) {
  const asked = await requirePendingRequest(ctx.database.db, ctx.school.id, requestId, version)
  if (asked.childId !== null) return approveChildRequest(ctx, asked)
  return writeChanges(ctx, async (tx, log) => {
    await lockAdultRequests(ctx.database, tx, asked.personId)
    const row = await requirePendingRequest(tx, ctx.school.id, requestId, version)
    const changes = JSON.parse(row.changes) as Partial<Record<DetailField, string>>
    if (changes.familyName !== undefined || changes.givenNames !== undefined) {
      refuseHeldElsewhere(ctx.school, 'names')
      const current = await requirePerson(tx, ctx.school, row.personId)
      const familyName = changes.familyName ?? current.familyName
      const givenNames = changes.givenNames ?? current.givenNames
      if (familyName !== current.familyName || givenNames !== current.givenNames) {
        await writePersonName(tx, log, ctx.school, row.personId, { familyName, givenNames, change: 'change' })
      }
    }
    await writePersonContact(tx, log, ctx.school, row.personId, { email: changes.email, phone: changes.phone })
    return decide(tx, ctx, row, 'approved', null)
  })
}

/**
 * Approves a request about a child's lists: writes each list it holds, whole, with the request's state and Activity in
 * one transaction; `contact.updated` is announced with it when a contact list changed (medical needs alone announce
 * nothing: `/api/v1` does not read them, so that write is a plain transaction). The version read decides, as for an adult's.
 */
async function approveChildRequest(ctx: DomainContext, asked: DetailRequestRow) {
  const lists = JSON.parse(asked.changes) as ChildCareLists
  const work = async (tx: Db) => {
    await lockAdultRequests(ctx.database, tx, asked.personId)
    const row = await requirePendingRequest(tx, ctx.school.id, asked.id, asked.version)
    await requirePerson(tx, ctx.school, row.childId!, 'child')
    await writeChildCare(tx, ctx, row.childId!, lists)
    return decide(tx, ctx, row, 'approved', null)
  }
  if (!lists.emergencyContacts && !lists.collectors) return ctx.database.transaction(work)
  return writeChanges(ctx, async (tx, log) => {
    log.record('contact.updated', 'child_contacts', asked.childId!)
    return work(tx)
  })
}

/** Rejects a pending request with a reason the family reads on Our details; recorded in Activity. */
export async function rejectDetailRequest(ctx: DomainContext, requestId: string, version: number, reason: string) {
  const asked = await requirePendingRequest(ctx.database.db, ctx.school.id, requestId, version)
  return ctx.database.transaction(async (tx) => {
    await lockAdultRequests(ctx.database, tx, asked.personId)
    return decide(tx, ctx, await requirePendingRequest(tx, ctx.school.id, requestId, version), 'rejected', reason)
  })
}
