import type { AffiliationKind } from '~~/shared/vocabulary'

/**
 * An affiliation's kind in the page's language, as the people directory and the duplicates view both show it; a kind
 * the screens have no word for yet (an answer types it as a string) is shown as the server names it.
 */
export function useAffiliationKindWords() {
  const { t } = useScreenText()
  const words = computed<Record<AffiliationKind, string>>(() => ({
    student: t('staff.people.kinds.student'),
    staff_member: t('staff.people.kinds.staffMember'),
    applicant: t('staff.people.kinds.applicant'),
    volunteer: t('staff.people.kinds.volunteer'),
    contractor: t('staff.people.kinds.contractor'),
    prac_student: t('staff.people.kinds.pracStudent'),
    board_member: t('staff.people.kinds.boardMember')
  }))
  return (kind: string) => Object.hasOwn(words.value, kind) ? words.value[kind as AffiliationKind] : kind
}
