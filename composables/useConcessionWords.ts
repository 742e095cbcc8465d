import type { ConcessionKind } from '~~/shared/vocabulary'

/** Each kind of concession in the reader's language, for the portal's payers and fees pages; an unknown kind as it is. */
export function useConcessionWords() {
  const { t } = useI18n()
  const words = computed<Record<ConcessionKind, string>>(() => ({
    sibling: t('portal.concessions.sibling'),
    staff: t('portal.concessions.staff'),
    scholarship: t('portal.concessions.scholarship'),
    bursary: t('portal.concessions.bursary'),
    hardship: t('portal.concessions.hardship'),
    other: t('portal.concessions.other')
  }))
  return (kind: string) => words.value[kind as ConcessionKind] ?? kind
}

/**
 * Each kind of concession in a staff screen's words (`staff.concessions.*`), written lower-case inside a line ("less
 * sibling $100"); an unknown kind as it is. The person record's billing and a student's fee statement use it.
 */
export function useStaffConcessionWords() {
  const { t } = useScreenText()
  const words = computed<Record<ConcessionKind, string>>(() => ({
    sibling: t('staff.concessions.sibling'),
    staff: t('staff.concessions.staff'),
    scholarship: t('staff.concessions.scholarship'),
    bursary: t('staff.concessions.bursary'),
    hardship: t('staff.concessions.hardship'),
    other: t('staff.concessions.other')
  }))
  return (kind: string) => words.value[kind as ConcessionKind] ?? kind
}
