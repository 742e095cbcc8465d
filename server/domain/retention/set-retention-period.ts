import { and, eq } from 'drizzle-orm'
import { retentionPeriods } from '../../../db/schema'
import { isOneOf, retentionRecordClasses, type RetentionRecordClass } from '../../../shared/vocabulary'
import { retentionPeriodInput, type RetentionPeriodInput } from '../../../shared/schemas/retention'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { retentionSchedule } from './schedule'
import { retentionClassesIn } from './read-retention-schedule'

/**
 * Sets the school's period for one class of record, in whole months from the class's trigger. Never under the class's
 * floor; shorter than the default only with a reason, which the IRMS toolkit asks a school to document; longer freely.
 * The period, who set it and the change in Activity commit together. Nothing is swept by it yet (docs/retention.md).
 */
export async function setRetentionPeriod(ctx: DomainContext, recordClass: RetentionRecordClass, input: RetentionPeriodInput) {
  assertCapability(ctx, 'retention.manage')
  if (!isOneOf(retentionRecordClasses, recordClass)) throw domainError('not_found', ['No class of record has this name.'])
  const { months, reason: given } = parseInput(retentionPeriodInput, input)
  const rule = retentionSchedule[recordClass]
  if (months < rule.floorMonths) {
    throw domainError('unprocessable', [`The shortest period for ${recordClass} is its floor of ${rule.floorMonths} months.`], {
      fields: [{ path: 'months', message: `At least ${rule.floorMonths} months: this class's floor.` }]
    })
  }
  const reason = given || null
  if (months < rule.defaultMonths && !reason) {
    throw domainError('unprocessable', [`A period shorter than the default of ${rule.defaultMonths} months needs a reason.`], {
      fields: [{ path: 'reason', message: 'Say why the period is shorter.' }]
    })
  }
  return ctx.database.transaction(async (tx) => {
    const [before] = await tx.select().from(retentionPeriods)
      .where(and(eq(retentionPeriods.schoolId, ctx.school.id), eq(retentionPeriods.recordClass, recordClass)))
    const was = { months: before?.months ?? rule.defaultMonths, reason: before?.reason ?? null }
    if (was.months !== months || was.reason !== reason) {
      const changed = { months, reason, changedBy: recordedActor(ctx.actor), changedAt: timestampNow() }
      await tx.insert(retentionPeriods).values({ schoolId: ctx.school.id, recordClass, ...changed })
        .onConflictDoUpdate({ target: [retentionPeriods.schoolId, retentionPeriods.recordClass], set: changed })
      await recordActivity(tx, ctx, {
        kind: 'retention_period.changed', subjectType: 'retention_class', subjectId: recordClass,
        summary: `${recordClass} now kept ${months} months from ${rule.trigger.replaceAll('_', ' ')} (default ${rule.defaultMonths})`,
        changes: { months: [was.months, months], reason: [was.reason, reason] }
      })
    }
    const classes = await retentionClassesIn(tx, ctx.school.id)
    return classes.find(each => each.recordClass === recordClass)!
  })
}
