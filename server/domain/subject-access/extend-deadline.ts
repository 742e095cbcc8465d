import { eq } from 'drizzle-orm'
import { subjectAccessRequests } from '../../../db/schema'
import { subjectAccessExtendInput } from '../../../shared/schemas/subject-access'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { requestDeadline } from './deadline'
import { assertOpenRequest } from './open-state'
import { loadSubjectAccessRequest } from './request-view'
import { readSubjectAccessRequest } from './read-request'

/**
 * Extends a month's deadline by one or two months in all, with the reason (UK GDPR Art. 12(3) lets a controller do so
 * for a complex or numerous request, telling the requester why within the first month). The 15 school days have no extension.
 */
export async function extendSubjectAccessDeadline(ctx: DomainContext, requestId: string, input: { months: number, reason: string }) {
  assertCapability(ctx, 'subject_access.manage')
  const { months, reason } = parseInput(subjectAccessExtendInput, input)
  await ctx.database.transaction(async (tx) => {
    const row = await loadSubjectAccessRequest(tx, ctx.school.id, requestId)
    assertOpenRequest(row)
    if (row.deadlineRule !== 'one_month') throw domainError('conflict', ['The 15 school days cannot be extended.'])
    const deadline = requestDeadline({ ...row, extensionMonths: months }, [])
    await tx.update(subjectAccessRequests)
      .set({ extensionMonths: months, extensionReason: reason, deadline, extendedBy: recordedActor(ctx.actor), extendedAt: timestampNow() })
      .where(eq(subjectAccessRequests.id, requestId))
    await recordActivity(tx, ctx, {
      kind: 'subject_access.changed', subjectType: 'subject_access_request', subjectId: requestId,
      summary: `Request ${requestId} extended by ${months} month${months === 1 ? '' : 's'} to ${deadline}`,
      changes: { deadline: [row.deadline, deadline], extensionMonths: [row.extensionMonths, months] }
    })
  })
  return readSubjectAccessRequest(ctx, requestId)
}
