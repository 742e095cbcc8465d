/*
 * The capability catalogue: every capability a caller can hold, each with what it grants. A token
 * holds only the v1 scopes; a member of staff holds what their role grants, the screens' own
 * capabilities included; the service acting for itself holds all of them.
 */

/** Capability names a token can hold (docs/decisions.md, "Scopes"), each with what it grants. */
export const scopeCatalogue = {
  'person.read': 'names, dates of birth and name history of students, parents and staff',
  'affiliation.read': 'affiliation kind and its start and end',
  'billing.read': 'who pays, shares, charge categories, concessions and scholarships',
  'enquiry.write': 'record an enquiry',
  'tour.read': 'read upcoming tours',
  'tour.book': 'book a family into a tour',
  'application.write': 'send an application, start or withdraw a child, enrol a child admitted elsewhere',
  'starter.read': 'read children who started or are due to start, with adults and contact',
  'roster.read': 'roster files (OneRoster or directory-sync format)',
  'staff.import': 'send the staff export',
  'people.sync': 'send the student-information-system export',
  'export.read': 'list warehouse files and fetch them via expiring signed URLs',
  'restricted.read': 'parenting orders, court documents, exit reasons, merge history',
  'absence.read': 'read the absences families and the office reported, and those they explained, between two days (no note, no document)',
  'absence.write': 'tell the school of a child the register found missing with no report, so their family is asked why',
  'contact.read': 'read a child\'s emergency contacts and who may collect them, with their phone numbers (never medical needs)',
  'event.read': 'read the events feed: the school\'s changes in order, of the kinds the token\'s other scopes reach'
} as const

/** What staff may do on the screens beyond the v1 scopes, each with what it grants. */
export const screenCapabilityCatalogue = {
  'settings.manage': 'change the school\'s settings, its roles and its sign-in policy',
  'tokens.manage': 'issue, rotate and revoke API tokens, rostering tokens included',
  'staff.manage': 'add staff, change their roles, end their sessions and remove their access',
  'admissions.manage': 'work enquiries, tours and applications on the screens',
  'people.manage': 'change people\'s records and roles on the screens',
  'families.manage': 'give adults family access to the portal, end it, and approve or reject their requests to change their details',
  'portal.preview': 'open the family portal as a named adult, read-only, to see what they see',
  'fees.manage': 'draft, publish and correct fee schedules, and read any student\'s fee statement with every payer\'s part',
  'consents.manage': 'keep the school\'s consent purposes, ask families for consent, see and enter their answers',
  'messages.send': 'write to families by audience group, keep the clubs, and see read receipts and bounces',
  'absences.manage': 'see the absences of a day and of a child, record one a family phoned in, acknowledge reports and open their documents',
  'messages.emergency': 'send an emergency notice: every channel each adult has, whatever they chose, ahead of everything else (with a passkey)',
  'retention.manage': 'set the retention schedule, never under a floor (with a passkey); see what is due for erasure, hold people, review restricted records',
  'subject_access.manage': 'log subject access requests and requests to erase, correct or restrict, review and send answers, carry the requests out'
} as const

/** Every capability a caller can hold, in one catalogue: the v1 scopes and the screens' own. */
export const capabilityCatalogue = { ...scopeCatalogue, ...screenCapabilityCatalogue } as const

export type Scope = keyof typeof scopeCatalogue
export type ScreenCapability = keyof typeof screenCapabilityCatalogue
export type Capability = Scope | ScreenCapability
export const scopeNames = Object.keys(scopeCatalogue) as Scope[]
export const capabilityNames = Object.keys(capabilityCatalogue) as Capability[]

/** An own-property check, so `toString` or `constructor` are never taken for a scope. */
export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value)
}

/** An own-property check, so `toString` or `constructor` are never taken for a capability. */
export function isCapability(value: string): value is Capability {
  return Object.hasOwn(capabilityCatalogue, value)
}

/** Every scope and screen capability: what the service acting for itself may do. */
export const everyCapability: ReadonlySet<Capability> = new Set(capabilityNames)

/** Each entry of a body's `scopes` that is not a scope, by its path. */
export function unknownScopeProblems(body: unknown): { path: string, message: string }[] {
  const scopes = (body as { scopes?: unknown } | null)?.scopes
  if (!Array.isArray(scopes)) return []
  return scopes.flatMap((scope, i) =>
    typeof scope === 'string' && !isScope(scope) ? [{ path: `scopes[${i}]`, message: `Not a scope: ${scope.slice(0, 64)}.` }] : [])
}
