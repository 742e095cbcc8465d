import { eq, sql } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import { absenceReasons, type AbsenceReason } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { recordActivity } from '../activity/record-activity'
import { schoolInTransaction } from '../schools/school-settings'

/** Until the school chooses: a medical appointment's note and letter are the office's welfare staff's to open. */
const defaultSensitive: AbsenceReason[] = ['medical_appointment']

/** The reasons the school offers families and the office, in the shipped order: every one until it chooses. */
export function offeredAbsenceReasons(school: Pick<SchoolRef, 'lists'>): AbsenceReason[] {
  const chosen = school.lists.absenceReasons
  return chosen?.length ? absenceReasons.filter(reason => chosen.includes(reason)) : [...absenceReasons]
}

/** The reasons whose notes and documents only staff holding `restricted.read` open. */
export function sensitiveAbsenceReasons(school: Pick<SchoolRef, 'lists'>): AbsenceReason[] {
  const chosen = school.lists.sensitiveAbsenceReasons ?? defaultSensitive
  return absenceReasons.filter(reason => chosen.includes(reason))
}

export function absenceSettings(school: Pick<SchoolRef, 'lists'>) {
  return { reasons: offeredAbsenceReasons(school), sensitiveReasons: sensitiveAbsenceReasons(school) }
}

/**
 * Keeps the reasons offered and those marked sensitive in the school's lists, its data version moved on in
 * the same write, and in Activity. An absence already reported keeps its reason when the school stops offering it.
 */
export async function setAbsenceSettings(ctx: DomainContext, input: { reasons: AbsenceReason[], sensitiveReasons: AbsenceReason[] }) {
  const reasons = absenceReasons.filter(reason => input.reasons.includes(reason))
  const sensitiveReasons = absenceReasons.filter(reason => input.sensitiveReasons.includes(reason))
  return ctx.database.transaction(async (tx) => {
    const school = await schoolInTransaction(tx, ctx.school.id)
    const before = absenceSettings(school)
    await tx.update(schools)
      .set({
        lists: JSON.stringify({ ...school.lists, absenceReasons: reasons, sensitiveAbsenceReasons: sensitiveReasons }),
        dataVersion: sql`${schools.dataVersion} + 1`
      })
      .where(eq(schools.id, school.id))
    if (before.reasons.join(' ') !== reasons.join(' ') || before.sensitiveReasons.join(' ') !== sensitiveReasons.join(' ')) {
      await recordActivity(tx, ctx, {
        kind: 'absence_settings.changed', subjectType: 'school', subjectId: school.id,
        summary: `Absence reasons: ${reasons.join(', ')}; sensitive: ${sensitiveReasons.join(', ') || 'none'}`,
        changes: { reasons: [before.reasons, reasons], sensitiveReasons: [before.sensitiveReasons, sensitiveReasons] }
      })
    }
    return { reasons, sensitiveReasons }
  })
}
