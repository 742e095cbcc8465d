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
