import { subjectAccessRequests } from '../../../db/schema'
import { subjectAccessLogInput, type SubjectAccessLogInput } from '../../../shared/schemas/subject-access'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { requirePerson } from '../people/require-person'
import { requestDeadline } from './deadline'
import { loadSubjectAccessRequest, schoolTerms, subjectAccessViews } from './request-view'

/**
 * Logs a request (access, or to erase, correct or restrict) on its clock: the subject and any requester on file must be
 * the school's people; the deadline is worked out now from the day it was received. Activity records ids only.
 */
export async function logSubjectAccessRequest(ctx: DomainContext, input: SubjectAccessLogInput) {
  assertCapability(ctx, 'subject_access.manage')
  const parsed = parseInput(subjectAccessLogInput, input)
  const today = todayInZone(ctx.school.timeZone)
  if (parsed.receivedOn > today) {
    throw domainError('validation_failed', ['receivedOn: A request cannot be received after today.'], {
      fields: [{ path: 'receivedOn', message: 'A request cannot be received after today.' }]
    })
  }
  if (parsed.deadlineRule === 'fifteen_school_days' && parsed.kind !== 'access') {
    throw domainError('validation_failed', ['deadlineRule: The 15 school days are for a copy of the educational record only.'], {
      fields: [{ path: 'deadlineRule', message: 'The 15 school days are for a copy of the educational record only.' }]
    })
  }
  const id = newId('sar')
  await ctx.database.transaction(async (tx) => {
    await requirePerson(tx, ctx.school, parsed.subjectId)
    if (parsed.requesterId) await requirePerson(tx, ctx.school, parsed.requesterId, 'requester')
    const terms = parsed.deadlineRule === 'fifteen_school_days' ? await schoolTerms(tx, ctx.school.id) : []
    await tx.insert(subjectAccessRequests).values({
      id, schoolId: ctx.school.id, kind: parsed.kind, subjectId: parsed.subjectId, requesterId: parsed.requesterId ?? null,
      requesterDescription: parsed.requesterDescription ?? null, receivedOn: parsed.receivedOn, verifiedHow: parsed.verifiedHow,
      deadlineRule: parsed.deadlineRule, deadline: requestDeadline({ ...parsed, extensionMonths: 0 }, terms), state: 'open',
      loggedBy: recordedActor(ctx.actor), loggedAt: timestampNow()
    })
    await recordActivity(tx, ctx, {
      kind: 'subject_access.logged', subjectType: 'subject_access_request', subjectId: id,
      summary: `Request ${id} (${parsed.kind}) logged about ${parsed.subjectId}, received ${parsed.receivedOn}`
    })
  })
  const [view] = await subjectAccessViews(ctx.database.db, ctx.school.id, [await loadSubjectAccessRequest(ctx.database.db, ctx.school.id, id)], today)
  return view!
}
