import { and, eq, isNull } from 'drizzle-orm'
import { staffSessions } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { recordActivity } from '../activity/record-activity'
import { callerSessionId } from '../accounts/caller-account'
import { requireAdultOnFile } from './family-access'

/*
 * Preview as a family: a member of staff holding `portal.preview` opens the portal as an adult on file
 * and sees what that adult sees (standing and all), read-only. The preview belongs to their session;
 * each is recorded in Activity.
 */

export async function startPortalPreview(ctx: DomainContext, personId: string) {
  await requireAdultOnFile(ctx, personId)
  const sessionId = callerSessionId(ctx)
  await ctx.database.transaction(async (tx) => {
    await tx.update(staffSessions).set({ previewPersonId: personId }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
    await recordActivity(tx, ctx, { kind: 'portal.previewed', subjectType: 'person', subjectId: personId, summary: `The family portal previewed as person ${personId}` })
  })
  return { previewing: personId }
}

export async function endPortalPreview(ctx: DomainContext) {
  const sessionId = callerSessionId(ctx)
  await ctx.database.transaction(tx => tx.update(staffSessions).set({ previewPersonId: null }).where(eq(staffSessions.id, sessionId)))
  return { previewing: null }
}
