import type { staffRoleNames } from '~~/shared/schemas/staff-settings'

/** Each built-in role's name in the page's language, as the Staff and Roles settings both show it. */
export function useRoleNames() {
  const { t } = useScreenText()
  return computed<Record<typeof staffRoleNames[number], string>>(() => ({
    admin: t('staff.settings.roles.names.admin'),
    office: t('staff.settings.roles.names.office'),
    admissions: t('staff.settings.roles.names.admissions'),
    teacher: t('staff.settings.roles.names.teacher'),
    read_only: t('staff.settings.roles.names.readOnly')
  }))
}
