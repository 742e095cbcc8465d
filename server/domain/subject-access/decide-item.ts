import { and, eq } from 'drizzle-orm'
import { subjectAccessItems } from '../../../db/schema'
import { subjectAccessDecideInput } from '../../../shared/schemas/subject-access'
import type { SubjectAccessDecision } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { assertOpenRequest } from './open-state'
import { loadSubjectAccessRequest } from './request-view'
import { readSubjectAccessRequest } from './read-request'

/**
 * Decides one item of an answer: include it, redact it (a marker stands in its place) or withhold it (left out, the
 * exemption named in the office's copy only). Redacting and withholding need the reason; a decision may be changed
 * until the answer is sent.
 */
export async function decideSubjectAccessItem(
  ctx: DomainContext, requestId: string, itemId: string, input: { decision: SubjectAccessDecision, reason?: string }
) {
  assertCapability(ctx, 'subject_access.manage')
  const { decision, reason } = parseInput(subjectAccessDecideInput, input)
  await ctx.database.transaction(async (tx) => {
    assertOpenRequest(await loadSubjectAccessRequest(tx, ctx.school.id, requestId))
    const [item] = await tx.select().from(subjectAccessItems)
      .where(and(eq(subjectAccessItems.schoolId, ctx.school.id), eq(subjectAccessItems.requestId, requestId), eq(subjectAccessItems.id, itemId)))
    if (!item) throw domainError('not_found', ['This request has no item with this id.'])
    await tx.update(subjectAccessItems)
      .set({ decision, reason: reason ?? null, decidedBy: recordedActor(ctx.actor), decidedAt: timestampNow() })
      .where(eq(subjectAccessItems.id, itemId))
    await recordActivity(tx, ctx, {
      kind: 'subject_access.changed', subjectType: 'subject_access_request', subjectId: requestId,
      summary: `Request ${requestId}: ${item.itemKind} ${item.recordId} decided ${decision}`,
      changes: { decision: [item.decision, decision] }
    })
  })
  return readSubjectAccessRequest(ctx, requestId)
}
