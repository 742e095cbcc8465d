import { eq } from 'drizzle-orm'
import { subjectAccessRequests } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { subjectAccessRefuseInput } from '../../../shared/schemas/subject-access'
import type { SubjectAccessChannel } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { assertOpenRequest } from './open-state'
import { loadSubjectAccessRequest, type RequestRow } from './request-view'
import { readSubjectAccessRequest } from './read-request'

/** Closes an open request in the caller's transaction, done or refused, with its outcome, and records it in Activity (ids only). */
export async function closeRequestIn(
  tx: Db, ctx: DomainContext, row: RequestRow, close: { state: 'done' | 'refused', outcome: string, channel?: SubjectAccessChannel }
) {
  await tx.update(subjectAccessRequests)
    .set({ state: close.state, outcome: close.outcome, channel: close.channel ?? null, closedBy: recordedActor(ctx.actor), closedAt: timestampNow() })
    .where(eq(subjectAccessRequests.id, row.id))
  await recordActivity(tx, ctx, {
    kind: 'subject_access.closed', subjectType: 'subject_access_request', subjectId: row.id,
    summary: close.state === 'refused'
      ? `Request ${row.id} (${row.kind}) about ${row.subjectId} refused`
      : `Request ${row.id} (${row.kind}) about ${row.subjectId} done: ${close.channel ? `answer sent by ${close.channel}` : close.outcome}`
  })
}

/** Refuses an open request (manifestly unfounded or excessive, or the identity not confirmed), keeping the reason. */
export async function refuseSubjectAccessRequest(ctx: DomainContext, requestId: string, input: { reason: string }) {
  assertCapability(ctx, 'subject_access.manage')
  const { reason } = parseInput(subjectAccessRefuseInput, input)
  await ctx.database.transaction(async (tx) => {
    const row = await loadSubjectAccessRequest(tx, ctx.school.id, requestId)
    assertOpenRequest(row)
    await closeRequestIn(tx, ctx, row, { state: 'refused', outcome: reason })
  })
  return readSubjectAccessRequest(ctx, requestId)
}
