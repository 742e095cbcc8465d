import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { absences, schools } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { standingWithheld } from '../access/standing'
import { hasAttendanceStanding } from './report-absence'

/**
 * An adult withdraws an absence before its first day: one they reported, or the office recorded on their
 * behalf, for a child they still have `attendance` standing on. `standing_withheld` for any other id (the
 * same answer as one that does not exist); `conflict` once its first day has come, or when it was withdrawn
 * already. The row stays, marked, so the office's history of the child holds; `absence.withdrawn` is announced.
 */
export async function withdrawAbsence(ctx: DomainContext, input: { adultId: string, absenceId: string }) {
  const today = todayInZone(ctx.school.timeZone)
  return writeChanges(ctx, async (tx, changes) => {
    const [row] = await tx.select().from(absences)
      .where(and(eq(absences.schoolId, ctx.school.id), eq(absences.id, input.absenceId), eq(absences.adultId, input.adultId)))
    if (!row || !await hasAttendanceStanding(ctx, input.adultId, row.childId, today, tx)) throw standingWithheld()
    if (row.withdrawnAt) throw domainError('conflict', ['This absence was withdrawn already.'])
    const at = timestampNow()
    const withdrawn = await tx.update(absences).set({ withdrawnAt: at, withdrawnBy: recordedActor(ctx.actor), updatedAt: at })
      .where(and(eq(absences.id, row.id), isNull(absences.withdrawnAt), gt(absences.fromDay, today))).returning({ id: absences.id })
    if (!withdrawn.length) throw domainError('conflict', ['This absence has begun: it can no longer be withdrawn. Tell the office instead.'])
    changes.record('absence.withdrawn', 'absences', row.id)
    return { id: row.id, withdrawnAt: at }
  })
}

/**
 * The office acknowledges a report: it has read it and the register may take it. Acknowledging one already
 * acknowledged answers it as it is (a second member of staff on the same list changes nothing), and a
 * withdrawn one is `conflict`. No event: the attendance system reads reports, not the office's reading of them.
 */
export async function acknowledgeAbsence(ctx: DomainContext, absenceId: string) {
  return ctx.database.transaction(async (tx) => {
    const [row] = await tx.select({ id: absences.id, withdrawnAt: absences.withdrawnAt, acknowledgedAt: absences.acknowledgedAt }).from(absences)
      .where(and(eq(absences.schoolId, ctx.school.id), eq(absences.id, absenceId)))
    if (!row) throw domainError('not_found', ['No absence with this id.'])
    if (row.withdrawnAt) throw domainError('conflict', ['The family withdrew this absence.'])
    if (row.acknowledgedAt) return { id: row.id, acknowledgedAt: row.acknowledgedAt }
    const at = timestampNow()
    await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, ctx.school.id))
    await tx.update(absences).set({ acknowledgedAt: at, acknowledgedBy: recordedActor(ctx.actor), updatedAt: at }).where(eq(absences.id, row.id))
    return { id: row.id, acknowledgedAt: at }
  })
}
