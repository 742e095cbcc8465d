import { and, eq, inArray } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { todayInZone, timestampNow } from '../../days/clock'
import { createFeeSchedule, editFeeDraft, publishFeeVersion } from '../../fees/fee-schedules'

/**
 * This year's fee schedule of a demo school, published as a school's bursar would at the start of the year:
 * four terms, tuition by the lower and upper half of the year levels, an excursions charge in the first term,
 * and sibling and staff concessions. Publishing tells every payer (noticeFeeStatements); those notices went
 * out when the year began, so they are settled as handed over here, not left for the bench's servers to send.
 */
export async function seedDemoFeeSchedule(ctx: DomainContext) {
  const year = todayInZone(ctx.school.timeZone).slice(0, 4)
  const levels = ctx.school.lists.yearLevels
  const half = Math.ceil(levels.length / 2)
  const { versionId } = await createFeeSchedule(ctx, { name: `${year} fees`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
  const terms: [string, string][] = [['01-28', '04-04'], ['04-22', '06-27'], ['07-14', '09-19'], ['10-06', '12-12']]
  await editFeeDraft(ctx, versionId, {
    periods: terms.map(([from, to], i) => ({ name: `Term ${i + 1}`, kind: 'term' as const, startsOn: `${year}-${from}`, endsOn: `${year}-${to}` })),
    lines: [
      { category: 'tuition', description: 'Tuition', amount: 310_000, period: null, yearLevels: levels.slice(0, half), campusId: null },
      { category: 'tuition', description: 'Tuition', amount: 395_000, period: null, yearLevels: levels.slice(half), campusId: null },
      { category: 'excursions', description: 'Excursions and camps', amount: 42_500, period: 'Term 1', yearLevels: [], campusId: null }
    ],
    concessionRules: [
      { kind: 'sibling', category: 'tuition', percentBasisPoints: 1000, amount: null },
      { kind: 'staff', category: null, percentBasisPoints: 5000, amount: null }
    ]
  })
  await publishFeeVersion(ctx, versionId)
  const sentAt = timestampNow()
  await ctx.database.transaction(async (tx) => {
    await tx.update(messageRecipients).set({ status: 'sent', sentAt })
      .where(and(eq(messageRecipients.schoolId, ctx.school.id), inArray(messageRecipients.status, ['pending', 'held'])))
    await tx.update(notificationDeliveries).set({ status: 'sent', sentAt })
      .where(and(eq(notificationDeliveries.schoolId, ctx.school.id), inArray(notificationDeliveries.status, ['queued', 'held'])))
  })
  return { feeVersionId: versionId }
}
