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
  { label: 'Home', icon: 'i-lucide-house', to: '/staff' },
  { label: 'People', icon: 'i-lucide-users', to: '/staff/people' },
  { label: 'Admissions', icon: 'i-lucide-inbox', to: '/staff/admissions' },
  { label: 'Rosters', icon: 'i-lucide-list-checks', to: '/staff/rosters' },
  { label: 'Exports', icon: 'i-lucide-file-down', to: '/staff/exports' }
]

export const staffSettings: readonly StaffPlace[] = [
  { label: 'API tokens', icon: 'i-lucide-key', to: '/staff/settings/tokens', capability: 'tokens.manage', homeCard: 'Issue tokens for the programs that read or send the school\'s data, and revoke them.' },
  { label: 'Rostering tokens', icon: 'i-lucide-list-checks', to: '/staff/settings/rostering', capability: 'tokens.manage' },
  { label: 'Staff', icon: 'i-lucide-users', to: '/staff/settings/staff', capability: 'staff.manage', homeCard: 'Add staff, set their roles, and decide whether staff must sign in with a passkey.' }
]

/** The places of a list this member may open, given what their session says they hold. */
export function placesOpenTo(places: readonly StaffPlace[], can: (capability: string) => boolean): StaffPlace[] {
  return places.filter(place => !place.capability || can(place.capability))
}
