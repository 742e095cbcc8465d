import { eq } from 'drizzle-orm'
import { retentionPeriods } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { retentionRecordClasses, type RetentionRecordClass } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { actorLabels } from '../shared/actor-labels'
import { assertCapability } from '../access/access'
import { retentionSchedule } from './schedule'

type PeriodRow = typeof retentionPeriods.$inferSelect

/** One class as Settings → Data retention shows it: the schedule's rule beside the school's own period, if it chose one. */
function retentionClassOf(recordClass: RetentionRecordClass, row: PeriodRow | undefined, labels: Map<string, string>) {
  const rule = retentionSchedule[recordClass]
  return {
    recordClass,
    trigger: rule.trigger,
    defaultMonths: rule.defaultMonths,
    floorMonths: rule.floorMonths,
    mayShorten: rule.floorMonths < rule.defaultMonths,
    months: row?.months ?? rule.defaultMonths,
    source: rule.source,
    evidence: rule.evidence,
    changedBy: row ? labels.get(row.changedBy) ?? row.changedBy : null,
    changedAt: row?.changedAt ?? null,
    reason: row?.reason ?? null
  }
}

export type RetentionClass = ReturnType<typeof retentionClassOf>

/** The school's periods, each class in the vocabulary's order, read in `db` (a transaction's, after a change). */
export async function retentionClassesIn(db: Db, schoolId: string): Promise<RetentionClass[]> {
  const rows = await db.select().from(retentionPeriods).where(eq(retentionPeriods.schoolId, schoolId))
  const labels = await actorLabels(db, schoolId, rows.map(row => row.changedBy))
  const byClass = new Map(rows.map(row => [row.recordClass, row]))
  return retentionRecordClasses.map(recordClass => retentionClassOf(recordClass, byClass.get(recordClass), labels))
}

/** Every class of record with its trigger, default, floor, source and the school's period (who set it, when and why). */
export async function readRetentionSchedule(ctx: DomainContext) {
  assertCapability(ctx, 'retention.manage')
  return { classes: await retentionClassesIn(ctx.database.db, ctx.school.id) }
}
