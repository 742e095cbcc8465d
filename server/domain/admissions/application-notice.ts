import { and, eq } from 'drizzle-orm'
import { applications } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { publicUrl } from '../shared/public-url'
import { sendNotice } from '../notifications/send-notice'
import { applicationStepWords } from '../notifications/notice-words'

/**
 * Tells an application's adults that it moved on (a notice of kind `applications`, sendNotice), naming the
 * state it is in now as the portal's Applications does, never the child: each adult the application names
 * whom the portal shows it to (`applications` standing, which an applicant holds with no responsibility on
 * file). Read once the step has committed, so the state is the one the step left. Null when nobody is to be told.
 */
export async function noticeApplicationStep(ctx: DomainContext, applicationId: string) {
  const [application] = await ctx.database.db.select({ state: applications.state }).from(applications)
    .where(and(eq(applications.schoolId, ctx.school.id), eq(applications.id, applicationId)))
  if (!application) return null
  return sendNotice(ctx, {
    kind: 'applications', audience: `application:${applicationId}`,
    words: language => applicationStepWords(language, { state: application.state, link: `${publicUrl()}/family/applications` })
  })
}
