import { and, eq } from 'drizzle-orm'
import { dataChecks } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { recordActivity } from '../activity/record-activity'
import { countsOf, dataCheckView, requireDataCheck } from './list-data-checks'

/**
 * The office closes a check early (from then it takes no answers and reminds nobody) or moves its closing day, today
 * or later. `conflict` once it was closed: a closed check is not opened again; a new one is started. Read and written
 * in one transaction, with its Activity.
 */
export async function changeDataCheck(ctx: DomainContext, checkId: string, change: { status?: 'closed', closesOn?: string }) {
  await requireDataCheck(ctx, checkId)
  const today = todayInZone(ctx.school.timeZone)
  if (change.closesOn !== undefined && change.closesOn < today) {
    throw validationFailed([{ path: 'closesOn', message: `The closing day has passed (today is ${today} in the school's time zone).` }])
  }
  await ctx.database.transaction(async (tx) => {
    const [check] = await tx.select().from(dataChecks).where(and(eq(dataChecks.schoolId, ctx.school.id), eq(dataChecks.id, checkId)))
    if (!check || check.status === 'closed') throw domainError('conflict', ['This data check was closed: start a new one instead.'])
    const updated = { status: change.status ?? check.status, closesOn: change.closesOn ?? check.closesOn, updatedAt: timestampNow() }
    await tx.update(dataChecks).set(updated).where(eq(dataChecks.id, checkId))
    await recordActivity(tx, ctx, {
      kind: 'data_check.changed', subjectType: 'data_check', subjectId: checkId,
      summary: updated.status === 'closed' ? `Data check ${checkId} closed early` : `Data check ${checkId} now closes ${updated.closesOn}`
    })
  })
  return dataCheckView(await requireDataCheck(ctx, checkId), today, (await countsOf(ctx, [checkId])).get(checkId)!)
}
