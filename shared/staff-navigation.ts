/**
 * The staff screens' places, each with the capability that opens it (a name of the capability
 * catalogue, server/domain/access/catalogue.ts; tests/unit/staff-navigation.test.ts holds them to it).
 * The sidebar and the settings bar are both built from these lists; the server decides
 * every request anyway, so they only steer what is offered.
 */
export interface StaffPlace {
  /** The message key of its name (i18n/staff/; tests/unit/shared/staff-navigation.test.ts holds each to English's file). */
  label: string
  icon: string
  to: string
  /** Offered only to a member holding it; none means every member of staff. */
  capability?: string
  /** Shown as a card on the home page, with this description. */
  homeCard?: string
}

export const staffAreas: readonly StaffPlace[] = [
  { label: 'staff.nav.today', icon: 'i-lucide-house', to: '/staff' },
  { label: 'staff.nav.people', icon: 'i-lucide-users', to: '/staff/people', capability: 'person.read' },
  { label: 'staff.nav.absences', icon: 'i-lucide-calendar-x', to: '/staff/absences', capability: 'absences.manage' },
  { label: 'staff.nav.admissions', icon: 'i-lucide-inbox', to: '/staff/admissions', capability: 'admissions.manage' },
  { label: 'staff.nav.tours', icon: 'i-lucide-calendar-days', to: '/staff/tours', capability: 'admissions.manage' },
  { label: 'staff.nav.starters', icon: 'i-lucide-user-plus', to: '/staff/starters', capability: 'starter.read' },
  { label: 'staff.nav.classes', icon: 'i-lucide-book-open-check', to: '/staff/classes', capability: 'roster.read' },
  { label: 'staff.nav.fees', icon: 'i-lucide-receipt', to: '/staff/fees', capability: 'fees.manage' },
  { label: 'staff.nav.familyRequests', icon: 'i-lucide-user-round-pen', to: '/staff/families/requests', capability: 'families.manage' },
  { label: 'staff.nav.dataChecks', icon: 'i-lucide-list-checks', to: '/staff/data-checks', capability: 'families.manage' },
  { label: 'staff.nav.consents', icon: 'i-lucide-clipboard-check', to: '/staff/consents', capability: 'consents.manage' },
  { label: 'staff.nav.messages', icon: 'i-lucide-mail', to: '/staff/messages', capability: 'messages.send' },
  { label: 'staff.nav.subjectAccess', icon: 'i-lucide-file-clock', to: '/staff/subject-access', capability: 'subject_access.manage' }
]

/** The settings' section list, in the order the settings page shows it. */
export const staffSettings: readonly StaffPlace[] = [
  {
    label: 'staff.nav.sections.school', icon: 'i-lucide-school', to: '/staff/settings/school', capability: 'settings.manage',
    homeCard: 'The school\'s name, time zone, campuses, year levels and lists.'
  },
  { label: 'staff.nav.sections.modules', icon: 'i-lucide-toggle-right', to: '/staff/settings/modules', capability: 'settings.manage' },
  { label: 'staff.nav.sections.roles', icon: 'i-lucide-shield-check', to: '/staff/settings/roles', capability: 'settings.manage' },
  {
    label: 'staff.nav.sections.staff', icon: 'i-lucide-users', to: '/staff/settings/staff', capability: 'staff.manage',
    homeCard: 'Add staff, set their roles, and decide whether staff must sign in with a passkey.'
  },
  {
    label: 'staff.nav.sections.tokens', icon: 'i-lucide-key', to: '/staff/settings/tokens', capability: 'tokens.manage',
    homeCard: 'Issue tokens for the programs that read or send the school\'s data, and revoke them.'
  },
  { label: 'staff.nav.sections.webhooks', icon: 'i-lucide-webhook', to: '/staff/settings/webhooks', capability: 'settings.manage' },
  { label: 'staff.nav.sections.hris', icon: 'i-lucide-id-card', to: '/staff/settings/hris', capability: 'settings.manage' },
  { label: 'staff.nav.sections.sync', icon: 'i-lucide-refresh-cw', to: '/staff/settings/sync', capability: 'settings.manage' },
  { label: 'staff.nav.sections.rostering', icon: 'i-lucide-list-checks', to: '/staff/settings/rostering', capability: 'tokens.manage' },
  { label: 'staff.nav.sections.exports', icon: 'i-lucide-file-down', to: '/staff/settings/exports', capability: 'export.read' },
  { label: 'staff.nav.sections.portal', icon: 'i-lucide-house-heart', to: '/staff/settings/portal', capability: 'settings.manage' },
  { label: 'staff.nav.sections.notifications', icon: 'i-lucide-bell', to: '/staff/settings/notifications', capability: 'settings.manage' },
  { label: 'staff.nav.sections.absences', icon: 'i-lucide-calendar-x', to: '/staff/settings/absences', capability: 'settings.manage' },
  { label: 'staff.nav.sections.activity', icon: 'i-lucide-history', to: '/staff/settings/activity', capability: 'settings.manage' },
  { label: 'staff.nav.sections.retention', icon: 'i-lucide-archive', to: '/staff/settings/retention', capability: 'retention.manage' }
]

/** The places of a list this member may open, given what their session says they hold. */
export function placesOpenTo(places: readonly StaffPlace[], can: (capability: string) => boolean): StaffPlace[] {
  return places.filter(place => !place.capability || can(place.capability))
}
