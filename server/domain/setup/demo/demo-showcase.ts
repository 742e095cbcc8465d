import { and, eq, inArray } from 'drizzle-orm'
import { affiliations } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { inForceOn } from '../../days/in-force'
import { editFeeDraft, publishFeeVersion, startFeeCorrection } from '../../fees/fee-schedules'
import type { DemoPortalFamilies } from './demo-portal-families'
import { demoFeeDraft, seedDemoFeeSchedule } from './demo-fee-schedule'
import { seedDemoConsents } from './demo-consent-answers'
import { seedDemoMessages } from './demo-messages'
import { seedDemoIntegrations } from './demo-integrations'
import { settleDemoMail } from './demo-mail-settled'

/**
 * This year's schedule (seedDemoFeeSchedule) and a correction of it: the upper years' tuition was
 * mistyped, corrected from the next term that starts after today (today when none does), and published.
 * Statements come from the families' billing splits, some shared half and half between two payers.
 */
async function seedDemoFees(ctx: DomainContext) {
  const today = todayInZone(ctx.school.timeZone)
  const year = today.slice(0, 4)
  const { feeVersionId } = await seedDemoFeeSchedule(ctx)
  const draft = demoFeeDraft(year, ctx.school.lists.yearLevels, 389_000)
  const appliesFrom = draft.periods.find(period => period.startsOn > today)?.startsOn ?? today
  const correction = await startFeeCorrection(ctx, feeVersionId, appliesFrom)
  await editFeeDraft(ctx, correction.id, draft)
  await publishFeeVersion(ctx, correction.id)
  await settleDemoMail(ctx)
  return { feeVersions: [feeVersionId, correction.id] }
}

/** The year level each of these children is in today. */
async function yearLevelsOf(ctx: DomainContext, childIds: readonly string[]) {
  const rows = await ctx.database.db.select({ personId: affiliations.personId, yearLevel: affiliations.yearLevel }).from(affiliations)
    .where(and(
      eq(affiliations.schoolId, ctx.school.id), eq(affiliations.kind, 'student'), inArray(affiliations.personId, [...childIds]),
      inForceOn(affiliations, todayInZone(ctx.school.timeZone))
    ))
  return childIds.map(id => rows.find(row => row.personId === id)?.yearLevel ?? ctx.school.lists.yearLevels[0]!)
}

/**
 * What fills the demo's remaining screens (docs/portal.md, "The demo school"), made through the functions
 * the screens and the interface use, each write its own transaction, all dated from today: fees with a
 * correction, consent asks open and closed with answers and paper forms, messages to a year, a class and
 * a club, a paused sync run, a failed webhook delivery and an enquiry waiting. The first family
 * (`families.shared`) sees each from the portal. Made at first start and by `admin demo --showcase`; the
 * browser tests' shared school and the district bench leave it out, since their tests count empty lists.
 */
export async function seedDemoShowcase(ctx: DomainContext, families: DemoPortalFamilies) {
  const [youngerLevel, olderLevel] = await yearLevelsOf(ctx, families.shared.children)
  const fees = await seedDemoFees(ctx)
  const consents = await seedDemoConsents(ctx, families, olderLevel!)
  const messages = await seedDemoMessages(ctx, families, youngerLevel!)
  return { ...fees, ...consents, ...messages, ...await seedDemoIntegrations(ctx) }
}
