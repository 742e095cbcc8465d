import type { PortalSection } from './vocabulary'

/**
 * The family portal's places, as shared/staff-navigation.ts is for the staff screens: each section a
 * school can switch off (shared/vocabulary.ts#portalSections, the server's list) with its address,
 * its words and what the settings' switch says of it. The layout's menu, the front page's cards, the
 * settings' switches and the route guard are all built from here; the server decides every request
 * anyway (`section_off`), so these only steer what is offered. The addresses stay under /family:
 * people bookmark them. tests/unit/shared/portal-navigation.test.ts holds every section to its page,
 * composable and module, and docs/portal.md ("Adding a section") lists the files a new one touches.
 */
export interface PortalPlace {
  label: string
  to: string
  /** Shown on the portal's front page as a card with this description; none: no description under its name. */
  homeCard?: string
}

/** A section: a place the school can switch off, with what the settings' switch tells the office it shows. */
export interface PortalSectionPlace extends PortalPlace {
  settingsDescription: string
  /** Its page's composable, composables/portal/<name>.ts (the test holds the page to calling it). */
  composable: string
  /**
   * The domain module that reads it for a family: `<area>/portal-<area>.ts` beside its area's rules, or in
   * portal/ for the family's own (identity, home, a child, details).
   */
  reader: string
}

/** The portal's addresses that are no section: the front page (which lists the children), the page for an account without family access, passkeys. */
export const portalPaths = {
  home: '/family',
  noAccess: '/family/no-access',
  passkeys: '/family/passkeys',
  child: (id: string) => `/family/children/${id}`
} as const

/** Every section a school can switch off, by its name in the server's answers. */
export const portalSectionPlaces: Readonly<Record<PortalSection, PortalSectionPlace>> = {
  children: {
    label: 'Children', to: portalPaths.home, settingsDescription: 'Each child\'s names, year level, campus and the school\'s key dates.',
    composable: 'usePortalChild', reader: 'server/domain/portal/portal-child.ts'
  },
  details: {
    label: 'Our details', to: '/family/details', homeCard: 'Your names, email and phone as the school has them, and asking for a change.',
    settingsDescription: 'The adult\'s own names, email and phone, and their requests to change them.', composable: 'usePortalDetails',
    reader: 'server/domain/portal/detail-requests.ts'
  },
  payers: {
    label: 'Who pays', to: '/family/payers', homeCard: 'Who pays each kind of charge for your children, in shares, and any concessions.',
    settingsDescription: 'Who pays each kind of charge, in shares, and concessions by kind; never amounts.', composable: 'usePortalPayers',
    reader: 'server/domain/billing/portal-billing.ts'
  },
  applications: {
    label: 'Applications and tours', to: '/family/applications',
    homeCard: 'Your applications and where they are up to, and the school\'s tours to book.',
    settingsDescription: 'The family\'s applications and their state, and booking the school\'s tours.', composable: 'usePortalApplications',
    reader: 'server/domain/admissions/portal-admissions.ts'
  },
  consents: {
    label: 'Consents', to: '/family/consents', homeCard: 'The school\'s asks for your consent, to answer yes or no for each child.',
    settingsDescription: 'The school\'s consent asks for each child, answered yes or no, and withdrawn.', composable: 'usePortalConsents',
    reader: 'server/domain/consents/portal-consents.ts'
  },
  messages: {
    label: 'Messages', to: '/family/messages', homeCard: 'Messages from the school, to read again whenever you need them.',
    settingsDescription: 'Messages from the school, kept to read again.', composable: 'usePortalMessages',
    reader: 'server/domain/messages/portal-messages.ts'
  },
  fees: {
    label: 'Fees', to: '/family/fees', homeCard: 'Your own part of each child\'s fees, period by period.',
    settingsDescription: 'Each payer\'s own statement of what they owe, per billing period; never another payer\'s part.',
    composable: 'usePortalFees', reader: 'server/domain/fees/portal-fees.ts'
  }
}

/** *Our data* is no section: it is the family's own right of access, always open. */
export const portalDataPlace: PortalPlace = {
  label: 'Our data', to: '/family/data',
  homeCard: 'Which programs can read your family\'s records, and a copy of everything the school holds on you.'
}

/**
 * The places of the menu: the sections the school leaves on, in the server's order, then Our data, then passkeys
 * (not in a preview: a staff session's passkeys are not the family's).
 */
export function portalMenu(on: readonly PortalSection[], preview: boolean): { label: string, to: string }[] {
  return [
    ...on.map(section => ({ label: portalSectionPlaces[section].label, to: portalSectionPlaces[section].to })),
    { label: portalDataPlace.label, to: portalDataPlace.to },
    ...preview ? [] : [{ label: 'Passkeys', to: portalPaths.passkeys }]
  ]
}
