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
  /** The message key of its name in the reader's language (i18n/locales/). */
  label: string
  to: string
  /** The message key of the description its card on the portal's front page shows; none: no card description. */
  homeCard?: string
}

/**
 * A section: a place the school can switch off, with its name and what it shows as the settings' switch tells the
 * office, in English as the staff screens are written.
 */
export interface PortalSectionPlace extends PortalPlace {
  settingsLabel: string
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
    label: 'portal.nav.children', settingsLabel: 'Children', to: portalPaths.home,
    settingsDescription: 'Each child\'s names, year level, campus and the school\'s key dates.',
    composable: 'usePortalChild', reader: 'server/domain/portal/portal-child.ts'
  },
  details: {
    label: 'portal.nav.details', settingsLabel: 'Our details', to: '/family/details', homeCard: 'portal.home.cards.details',
    settingsDescription: 'The adult\'s own names, email and phone, and their requests to change them.', composable: 'usePortalDetails',
    reader: 'server/domain/portal/detail-requests.ts'
  },
  payers: {
    label: 'portal.nav.payers', settingsLabel: 'Who pays', to: '/family/payers', homeCard: 'portal.home.cards.payers',
    settingsDescription: 'Who pays each kind of charge, in shares, and concessions by kind; never amounts.', composable: 'usePortalPayers',
    reader: 'server/domain/billing/portal-billing.ts'
  },
  applications: {
    label: 'portal.nav.applications', settingsLabel: 'Applications and tours', to: '/family/applications',
    homeCard: 'portal.home.cards.applications',
    settingsDescription: 'The family\'s applications and their state, and booking the school\'s tours.', composable: 'usePortalApplications',
    reader: 'server/domain/admissions/portal-admissions.ts'
  },
  consents: {
    label: 'portal.nav.consents', settingsLabel: 'Consents', to: '/family/consents', homeCard: 'portal.home.cards.consents',
    settingsDescription: 'The school\'s consent asks for each child, answered yes or no, and withdrawn.', composable: 'usePortalConsents',
    reader: 'server/domain/consents/portal-consents.ts'
  },
  messages: {
    label: 'portal.nav.messages', settingsLabel: 'Messages', to: '/family/messages', homeCard: 'portal.home.cards.messages',
    settingsDescription: 'Messages from the school, kept to read again.', composable: 'usePortalMessages',
    reader: 'server/domain/messages/portal-messages.ts'
  },
  fees: {
    label: 'portal.nav.fees', settingsLabel: 'Fees', to: '/family/fees', homeCard: 'portal.home.cards.fees',
    settingsDescription: 'Each payer\'s own statement of what they owe, per billing period; never another payer\'s part.',
    composable: 'usePortalFees', reader: 'server/domain/fees/portal-fees.ts'
  }
}

/** *Our data* is no section: it is the family's own right of access, always open. */
export const portalDataPlace: PortalPlace = {
  label: 'portal.nav.data', to: '/family/data', homeCard: 'portal.home.cards.data'
}

/**
 * The places of the menu, each name a message key: the sections the school leaves on, in the server's order, then Our data, then passkeys
 * (not in a preview: a staff session's passkeys are not the family's).
 */
export function portalMenu(on: readonly PortalSection[], preview: boolean): { label: string, to: string }[] {
  return [
    ...on.map(section => ({ label: portalSectionPlaces[section].label, to: portalSectionPlaces[section].to })),
    { label: portalDataPlace.label, to: portalDataPlace.to },
    ...preview ? [] : [{ label: 'portal.nav.passkeys', to: portalPaths.passkeys }]
  ]
}
