import type { AffiliationKind } from '~~/shared/vocabulary'

/** Each kind of affiliation in the page's language, as the people directory and the duplicates view both show it. */
export function useAffiliationKindWords() {
  const { t } = useScreenText()
  return computed<Record<AffiliationKind, string>>(() => ({
    student: t('staff.people.kinds.student'),
    staff_member: t('staff.people.kinds.staffMember'),
    applicant: t('staff.people.kinds.applicant'),
    volunteer: t('staff.people.kinds.volunteer'),
    contractor: t('staff.people.kinds.contractor'),
    prac_student: t('staff.people.kinds.pracStudent'),
    board_member: t('staff.people.kinds.boardMember')
  }))
}
