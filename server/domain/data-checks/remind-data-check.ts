import { and, eq, inArray } from 'drizzle-orm'
import { dataCheckAdults, dataCheckChildren, dataChecks } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { recordActivity } from '../activity/record-activity'
import { sendNotice } from '../notifications/send-notice'
import { dataCheckNoticeWords } from './data-check-notice'
import { requireDataCheck, takesAnswers } from './list-data-checks'

/**
 * Reminds the adults a check still waits for, all of them or those of one class: one notice of kind `school` to
 * `datacheck:<id>` (or `datacheck:<id>:<class>`), and each reminded adult's `remindedAt` with the check's, in one
 * transaction before the notice goes. `conflict` once the check no longer takes answers; `unprocessable` when nobody
 * it asks is still waiting (in the class).
 */
export async function remindDataCheck(ctx: DomainContext, checkId: string, classCode?: string) {
  const check = await requireDataCheck(ctx, checkId)
  if (!takesAnswers(check, todayInZone(ctx.school.timeZone))) throw domainError('conflict', ['The data check has closed.'])
  const inClass = classCode === undefined
    ? undefined
    : inArray(dataCheckAdults.adultId, ctx.database.db.select({ id: dataCheckChildren.adultId }).from(dataCheckChildren)
        .where(and(eq(dataCheckChildren.checkId, checkId), eq(dataCheckChildren.classCode, classCode))))
  const waiting = and(eq(dataCheckAdults.schoolId, ctx.school.id), eq(dataCheckAdults.checkId, checkId), eq(dataCheckAdults.state, 'waiting'), inClass)
  const at = timestampNow()
  const reminded = await ctx.database.transaction(async (tx) => {
    const rows = await tx.update(dataCheckAdults).set({ remindedAt: at }).where(waiting).returning({ adultId: dataCheckAdults.adultId })
    if (rows.length === 0) throw domainError('unprocessable', ['Nobody this check asks is still waiting.'])
    await tx.update(dataChecks).set({ remindedAt: at, updatedAt: at }).where(eq(dataChecks.id, checkId))
    await recordActivity(tx, ctx, {
      kind: 'data_check.reminded', subjectType: 'data_check', subjectId: checkId,
      summary: `Data check ${checkId}: ${rows.length} adults reminded${classCode === undefined ? '' : ` in class ${classCode}`}`
    })
    return rows.length
  })
  await sendNotice(ctx, {
    kind: 'school', audience: classCode === undefined ? `datacheck:${checkId}` : `datacheck:${checkId}:${classCode}`,
    words: language => dataCheckNoticeWords(language, check.closesOn, 'reminder')
  })
  return { adults: reminded, remindedAt: at }
}
