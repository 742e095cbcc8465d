import { subjectAccessSendInput } from '../../../shared/schemas/subject-access'
import type { SubjectAccessChannel } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { assertCapability } from '../access/access'
import { insertRestrictedView } from '../restricted/restricted-record'
import { gatherNewItems } from './assemble-answer'
import { closeRequestIn } from './close-request'
import { assertOpenRequest } from './open-state'
import { itemsOfRequest } from './review-items'
import { loadSubjectAccessRequest } from './request-view'
import { readSubjectAccessRequest } from './read-request'

/**
 * Sends an access request's answer: to the portal of the adult who asked (only them: the requester on file), or as the
 * file the office downloads. Nothing goes while an item is undecided, and a record about the subject that appeared
 * since the answer was assembled is added for review first and holds it back. Sending closes the request as done.
 */
export async function sendSubjectAccessAnswer(ctx: DomainContext, requestId: string, input: { channel: SubjectAccessChannel }) {
  assertCapability(ctx, 'subject_access.manage')
  const { channel } = parseInput(subjectAccessSendInput, input)
  const refusal = await ctx.database.transaction(async (tx) => {
    const row = await loadSubjectAccessRequest(tx, ctx.school.id, requestId)
    assertOpenRequest(row, ['access'])
    if (!row.assembledAt) throw domainError('conflict', ['Assemble the answer and review its items before sending it.'])
    if (channel === 'portal' && !row.requesterId) {
      throw domainError('unprocessable', ['Only a requester on file can be sent an answer through the portal.'], {
        fields: [{ path: 'channel', message: 'Send it as a file: the requester is not on file.' }]
      })
    }
    // New items are kept (committed) and the send refused after, so the office finds them waiting on the request.
    if (await gatherNewItems(tx, ctx, row)) return 'New records about the subject were added for review.'
    const undecided = (await itemsOfRequest(tx, ctx.school.id, requestId)).filter(item => !item.decision).length
    if (undecided) throw domainError('conflict', [`${undecided} item${undecided === 1 ? ' is' : 's are'} still undecided.`])
    await insertRestrictedView(tx, ctx, row.subjectId, `Answer to subject access request ${requestId} sent`)
    await closeRequestIn(tx, ctx, row, { state: 'done', outcome: 'answer sent', channel })
    return null
  })
  if (refusal) throw domainError('conflict', [refusal])
  return readSubjectAccessRequest(ctx, requestId)
}
