import type { PortalSection } from './vocabulary'

/**
 * The family portal's places, as shared/staff-navigation.ts is for the staff screens: each section a
 * school can switch off (shared/vocabulary.ts#portalSections, the server's list) with its address
 * and its words. The layout's menu, the front page's cards, the settings' switches and the route
 * guard are all built from here; the server decides every request anyway (`section_off`), so these
 * only steer what is offered. The addresses stay under /family: people bookmark them.
 * tests/unit/shared/portal-navigation.test.ts holds every section to its page, composable and module,
 * and docs/portal.md ("Adding a section") lists the files a new one touches.
 */
export interface PortalPlace {
  /** The message key of its name in the reader's language (i18n/locales/). */
  label: string
  to: string
  /** The message key of the description its card on the portal's front page shows; none: no card description. */
  homeCard?: string
}

/**
 * A section: a place the school can switch off. What the settings' switch tells the office of it is that page's own
 * words (pages/staff/settings/portal.vue, `staff.settings.portal.sections.*`).
 */
export interface PortalSectionPlace extends PortalPlace {
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
  /** The data check (docs/data-check.md), part of Our details: the front page leads to it while one waits for the adult. */
  dataCheck: '/family/data-check',
  child: (id: string) => `/family/children/${id}`
} as const

/** Every section a school can switch off, by its name in the server's answers. */
export const portalSectionPlaces: Readonly<Record<PortalSection, PortalSectionPlace>> = {
  children: {
    label: 'portal.nav.children', to: portalPaths.home,
    composable: 'usePortalChild', reader: 'server/domain/portal/portal-child.ts'
  },
  details: {
    label: 'portal.nav.details', to: '/family/details', homeCard: 'portal.home.cards.details',
    composable: 'usePortalDetails', reader: 'server/domain/portal/detail-requests.ts'
  },
  payers: {
    label: 'portal.nav.payers', to: '/family/payers', homeCard: 'portal.home.cards.payers',
    composable: 'usePortalPayers', reader: 'server/domain/billing/portal-billing.ts'
  },
  applications: {
    label: 'portal.nav.applications', to: '/family/applications', homeCard: 'portal.home.cards.applications',
    composable: 'usePortalApplications', reader: 'server/domain/admissions/portal-admissions.ts'
  },
  consents: {
    label: 'portal.nav.consents', to: '/family/consents', homeCard: 'portal.home.cards.consents',
    composable: 'usePortalConsents', reader: 'server/domain/consents/portal-consents.ts'
  },
  messages: {
    label: 'portal.nav.messages', to: '/family/messages', homeCard: 'portal.home.cards.messages',
    composable: 'usePortalMessages', reader: 'server/domain/messages/portal-messages.ts'
  },
  fees: {
    label: 'portal.nav.fees', to: '/family/fees', homeCard: 'portal.home.cards.fees',
    composable: 'usePortalFees', reader: 'server/domain/fees/portal-fees.ts'
  },
  absences: {
    label: 'portal.nav.absences', to: '/family/absences', homeCard: 'portal.home.cards.absences',
    composable: 'usePortalAbsences', reader: 'server/domain/absences/portal-absences.ts'
  }
}

/** *Our data* is no section: it is the family's own right of access, always open. */
export const portalDataPlace: PortalPlace = {
  label: 'portal.nav.data', to: '/family/data', homeCard: 'portal.home.cards.data'
}

/** *Notifications* is no section either: how notices reach the adult is theirs to choose at any school (docs/notifications.md). */
export const portalNotificationsPlace: PortalPlace = {
  label: 'portal.nav.notifications', to: '/family/notifications', homeCard: 'portal.home.cards.notifications'
}

/**
 * The places of the menu, each name a message key: the sections the school leaves on, in the server's order, then Our data and
 * Notifications, then passkeys (not in a preview: a staff session's passkeys are not the family's).
 */
export function portalMenu(on: readonly PortalSection[], preview: boolean): { label: string, to: string }[] {
  return [
    ...on.map(section => ({ label: portalSectionPlaces[section].label, to: portalSectionPlaces[section].to })),
    { label: portalDataPlace.label, to: portalDataPlace.to },
    { label: portalNotificationsPlace.label, to: portalNotificationsPlace.to },
    ...preview ? [] : [{ label: 'portal.nav.passkeys', to: portalPaths.passkeys }]
  ]
}
