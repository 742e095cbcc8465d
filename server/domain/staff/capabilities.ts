import type { staffRoleNames } from '../../../shared/schemas/staff-settings'
import { scopeCatalogue, type Scope } from '../tokens/scopes'

/** What staff may do on the screens beyond the v1 scopes, each with what it grants. */
export const screenCapabilityCatalogue = {
  'settings.manage': 'change the school\'s settings, its roles and its sign-in policy',
  'tokens.manage': 'issue, rotate and revoke API tokens, rostering tokens included',
  'staff.manage': 'add staff, change their roles, end their sessions and remove their access',
  'admissions.manage': 'work enquiries, tours and applications on the screens',
  'people.manage': 'change people\'s records and roles on the screens'
} as const

/**
 * Every capability a caller can hold, in one catalogue: the v1 scopes (a token holds only these)
 * and the screens' own. A staff member's role grants some of them.
 */
export const capabilityCatalogue = { ...scopeCatalogue, ...screenCapabilityCatalogue } as const

export type ScreenCapability = keyof typeof screenCapabilityCatalogue
export type Capability = Scope | ScreenCapability
export const capabilityNames = Object.keys(capabilityCatalogue) as Capability[]

/** An own-property check, so `toString` or `constructor` are never taken for a capability. */
export function isCapability(value: string): value is Capability {
  return Object.hasOwn(capabilityCatalogue, value)
}

const readScopes: Scope[] = ['person.read', 'affiliation.read', 'billing.read', 'tour.read', 'starter.read', 'export.read']

/** The roles every school starts with; a school may change which capabilities each holds. */
export const builtInRoles = {
  admin: capabilityNames,
  office: [...readScopes, 'enquiry.write', 'tour.book', 'application.write', 'people.manage', 'admissions.manage'],
  admissions: ['person.read', 'affiliation.read', 'tour.read', 'starter.read', 'enquiry.write', 'tour.book', 'application.write', 'admissions.manage'],
  teacher: ['person.read', 'affiliation.read', 'roster.read'],
  read_only: readScopes
} as const satisfies Record<typeof staffRoleNames[number], readonly Capability[]>

export type RoleName = keyof typeof builtInRoles
export const roleNames = Object.keys(builtInRoles) as RoleName[]

export function isRoleName(value: string): value is RoleName {
  return Object.hasOwn(builtInRoles, value)
}

/** Every scope and screen capability: what the service acting for itself may do. */
export const everyCapability: ReadonlySet<Capability> = new Set(capabilityNames)
