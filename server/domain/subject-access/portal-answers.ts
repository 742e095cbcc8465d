import { and, desc, eq } from 'drizzle-orm'
import { subjectAccessRequests } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { subjectAccessAnswer } from './answer-document'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/** Only the answers sent to this adult's portal: they asked, they are on file as the requester, and it went by the portal. */
const sentTo = (schoolId: string, adultId: string) => and(
  eq(subjectAccessRequests.schoolId, schoolId), eq(subjectAccessRequests.requesterId, adultId), eq(subjectAccessRequests.kind, 'access'),
  eq(subjectAccessRequests.state, 'done'), eq(subjectAccessRequests.channel, 'portal')
)

/** The answers to the adult's requests sent to their portal, newest first (ids and days: the subject's name is in the answer). */
export async function portalAnswersOf(ctx: ReadContext, adultId: string) {
  const rows = await ctx.database.db.select({
    id: subjectAccessRequests.id, kind: subjectAccessRequests.kind, receivedOn: subjectAccessRequests.receivedOn, sentAt: subjectAccessRequests.closedAt
  }).from(subjectAccessRequests).where(sentTo(ctx.school.id, adultId)).orderBy(desc(subjectAccessRequests.closedAt), desc(subjectAccessRequests.id))
  return rows.map(row => ({ ...row, sentAt: row.sentAt! }))
}

/** The family's copy of one answer sent to this adult; any other request, another adult's included, is `not_found`. */
export async function portalAnswerDocument(ctx: ReadContext, adultId: string, requestId: string, day: string) {
  const [row] = await ctx.database.db.select().from(subjectAccessRequests)
    .where(and(sentTo(ctx.school.id, adultId), eq(subjectAccessRequests.id, requestId)))
  if (!row) throw domainError('not_found', ['No answer has this id.'])
  return subjectAccessAnswer(ctx, row, 'family', day)
}
