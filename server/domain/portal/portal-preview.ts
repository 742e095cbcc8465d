import { and, eq, isNull } from 'drizzle-orm'
import { parentalResponsibilities, staffSessions } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { recordActivity } from '../activity/record-activity'
import { childrenUnderRestriction } from '../access/withholding'
import { namedOnAdmissions } from '../access/named-on-admissions'
import { assertRestrictedReadable, insertRestrictedView } from '../restricted/restricted-record'
import { callerSessionId } from '../accounts/caller-account'
import { requireAdultOnFile } from './family-access'

/*
 * Preview as a family: a member of staff holding `portal.preview` opens the portal as an adult on file
 * and sees what that adult sees (standing and all), read-only. The preview belongs to their session;
 * each is recorded in Activity.
 *
 * What the portal shows an adult tells who is kept from a child: a child missing from it is withheld.
 * So previewing an adult any of whose children is under restriction today needs what the record's
 * "who can see this child" panel needs (the restricted check: `restricted.read` and a passkey proof),
 * and records a view of each such child's restricted record. The rule looks at the children alone,
 * never at whom a flag or an order names, so a refusal says only that one of the adult's children is
 * under restriction, which the office lists already show by leaving the child out (docs/portal.md).
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * The children the portal could show this adult, whatever their standing: those they hold or held
 * parental responsibility for, and those an application or a tour booking names them for (standing's
 * namedOnAdmissions). An enquiry without a booking grants nothing, so its child is none of these.
 */
async function childrenOfAdultOnFile(ctx: ReadContext, adultId: string): Promise<string[]> {
  const [carer, named] = await Promise.all([
    ctx.database.db.selectDistinct({ childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
      .where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), eq(parentalResponsibilities.adultId, adultId))),
    namedOnAdmissions(ctx, { adultId })
  ])
  return [...new Set([...carer, ...named].map(row => row.childId))]
}

/**
 * The adult's children (childrenOfAdultOnFile) under restriction today, as the office lists decide it: with any,
 * a preview of the adult needs the restricted check, since the preview would show them.
 */
export async function restrictedChildrenOfAdult(ctx: ReadContext, adultId: string): Promise<string[]> {
  const children = await childrenOfAdultOnFile(ctx, adultId)
  return [...await childrenUnderRestriction(ctx, children, todayInZone(ctx.school.timeZone))].sort()
}

/**
 * Starts the caller's preview as the adult: the restricted check first when any of the adult's children is under
 * restriction today, then the preview and its records in one write.
 */
export async function startPortalPreview(ctx: DomainContext, personId: string) {
  await requireAdultOnFile(ctx, personId)
  const sessionId = callerSessionId(ctx)
  const restricted = await restrictedChildrenOfAdult(ctx, personId)
  for (const childId of restricted) await assertRestrictedReadable(ctx, childId)
  await ctx.database.transaction(async (tx) => {
    await tx.update(staffSessions).set({ previewPersonId: personId }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
    await recordActivity(
      tx, ctx, { kind: 'portal.previewed', subjectType: 'person', subjectId: personId, summary: `The family portal previewed as person ${personId}` }
    )
    for (const childId of restricted) {
      await insertRestrictedView(tx, ctx, childId, `Previewed the family portal as person ${personId}, which shows their standing on person ${childId}`)
    }
  })
  return { previewing: personId }
}

export async function endPortalPreview(ctx: DomainContext) {
  const sessionId = callerSessionId(ctx)
  await ctx.database.transaction(tx => tx.update(staffSessions).set({ previewPersonId: null }).where(eq(staffSessions.id, sessionId)))
  return { previewing: null }
}
