import type { AbsenceReason } from '~~/shared/vocabulary'

/** When an absence is, as the portal's answers give it: whole days from the first to the last, or a period of one day. */
interface AbsenceWhen { firstDay: string, lastDay: string, fromTime: string | null, toTime: string | null }

/**
 * The portal's Absences in the reader's words: each reason, and when an absence is ("Tue, Dec 1, 2026",
 * "Tue, Dec 1, 2026 to Thu, Dec 3, 2026", "Tue, Dec 1, 2026, 9:00 AM to 11:30 AM"), its days and times on the school's clock.
 */
export function useAbsenceWords() {
  const { t } = useI18n()
  const { day, clockTime } = useSchoolTime()
  const reasons = computed<Record<AbsenceReason, string>>(() => ({
    illness: t('portal.absences.reasons.illness'),
    medical_appointment: t('portal.absences.reasons.medical_appointment'),
    family_reason: t('portal.absences.reasons.family_reason'),
    religious_observance: t('portal.absences.reasons.religious_observance'),
    other: t('portal.absences.reasons.other')
  }))
  function when(span: AbsenceWhen) {
    const first = day(span.firstDay, 'weekday')
    if (span.fromTime && span.toTime) return t('portal.absence.period', { day: first, from: clockTime(span.fromTime), to: clockTime(span.toTime) })
    return span.lastDay === span.firstDay ? first : t('portal.absence.days', { first, last: day(span.lastDay, 'weekday') })
  }
  return { reasons, when }
}
