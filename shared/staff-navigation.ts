/**
 * The staff screens' places, each with the capability that opens it (a name of the capability
 * catalogue, server/domain/access/catalogue.ts; tests/unit/staff-navigation.test.ts holds them to it).
 * The sidebar, the home page and the settings bar are all built from these lists; the server decides
 * every request anyway, so they only steer what is offered.
 */
export interface StaffPlace {
  label: string
  icon: string
  to: string
  /** Offered only to a member holding it; none means every member of staff. */
  capability?: string
  /** Shown as a card on the home page, with this description. */
  homeCard?: string
}

export const staffAreas: readonly StaffPlace[] = [
  { label: 'Today', icon: 'i-lucide-house', to: '/staff' },
  { label: 'People', icon: 'i-lucide-users', to: '/staff/people', capability: 'person.read' },
  { label: 'Admissions', icon: 'i-lucide-inbox', to: '/staff/admissions', capability: 'admissions.manage' },
  { label: 'Tours', icon: 'i-lucide-calendar-days', to: '/staff/tours', capability: 'admissions.manage' },
  { label: 'Starters', icon: 'i-lucide-user-plus', to: '/staff/starters', capability: 'starter.read' },
  { label: 'Classes', icon: 'i-lucide-book-open-check', to: '/staff/classes', capability: 'roster.read' },
  { label: 'Fees', icon: 'i-lucide-receipt', to: '/staff/fees', capability: 'fees.manage' },
  { label: 'Family requests', icon: 'i-lucide-user-round-pen', to: '/staff/families/requests', capability: 'families.manage' },
  { label: 'Consents', icon: 'i-lucide-clipboard-check', to: '/staff/consents', capability: 'consents.manage' },
  { label: 'Messages', icon: 'i-lucide-mail', to: '/staff/messages', capability: 'messages.send' }
]

/** The settings' section list, in the order the settings page shows it. */
export const staffSettings: readonly StaffPlace[] = [
  {
    label: 'School', icon: 'i-lucide-school', to: '/staff/settings/school', capability: 'settings.manage',
    homeCard: 'The school\'s name, time zone, campuses, year levels and lists.'
  },
  { label: 'Modules', icon: 'i-lucide-toggle-right', to: '/staff/settings/modules', capability: 'settings.manage' },
  { label: 'Roles', icon: 'i-lucide-shield-check', to: '/staff/settings/roles', capability: 'settings.manage' },
  {
    label: 'Staff', icon: 'i-lucide-users', to: '/staff/settings/staff', capability: 'staff.manage',
    homeCard: 'Add staff, set their roles, and decide whether staff must sign in with a passkey.'
  },
  {
    label: 'API tokens', icon: 'i-lucide-key', to: '/staff/settings/tokens', capability: 'tokens.manage',
    homeCard: 'Issue tokens for the programs that read or send the school\'s data, and revoke them.'
  },
  { label: 'Webhooks', icon: 'i-lucide-webhook', to: '/staff/settings/webhooks', capability: 'settings.manage' },
  { label: 'HRIS import', icon: 'i-lucide-id-card', to: '/staff/settings/hris', capability: 'settings.manage' },
  { label: 'People sync', icon: 'i-lucide-refresh-cw', to: '/staff/settings/sync', capability: 'settings.manage' },
  { label: 'Rostering', icon: 'i-lucide-list-checks', to: '/staff/settings/rostering', capability: 'tokens.manage' },
  { label: 'Exports', icon: 'i-lucide-file-down', to: '/staff/settings/exports', capability: 'export.read' },
  { label: 'Family portal', icon: 'i-lucide-house-heart', to: '/staff/settings/portal', capability: 'settings.manage' },
  { label: 'Activity', icon: 'i-lucide-history', to: '/staff/settings/activity', capability: 'settings.manage' }
]

/** The places of a list this member may open, given what their session says they hold. */
export function placesOpenTo(places: readonly StaffPlace[], can: (capability: string) => boolean): StaffPlace[] {
  return places.filter(place => !place.capability || can(place.capability))
}
