import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'
import { assertRestrictedReadable, insertRestrictedView } from '../restricted/restricted-record'
import { domainError } from '../shared/domain-error'
import { subjectAccessAnswer } from './answer-document'
import { loadSubjectAccessRequest } from './request-view'

/**
 * The office's copy of an access request's answer, before or after it is sent: what the family gets, with each withheld
 * item and its exemption and each undecided one named. Its restricted records are read, so the read is recorded.
 */
export async function officeSubjectAccessAnswer(ctx: DomainContext, requestId: string) {
  assertCapability(ctx, 'subject_access.manage')
  const row = await loadSubjectAccessRequest(ctx.database.db, ctx.school.id, requestId)
  if (row.kind !== 'access') throw domainError('conflict', [`A request of kind ${row.kind} is not carried out this way.`])
  await assertRestrictedReadable(ctx, row.subjectId)
  await ctx.database.transaction(tx => insertRestrictedView(tx, ctx, row.subjectId, `Office's copy of subject access request ${requestId} opened`))
  return subjectAccessAnswer(ctx, row, 'office', todayInZone(ctx.school.timeZone))
}
