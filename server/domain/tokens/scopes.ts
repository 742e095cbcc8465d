/** Capability names (docs/decisions.md, "Scopes"), each with what it grants. */
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
  'restricted.read': 'parenting orders, court documents, exit reasons, merge history'
} as const

export type Scope = keyof typeof scopeCatalogue
export const scopeNames = Object.keys(scopeCatalogue) as Scope[]

/** An own-property check, so `toString` or `constructor` are never taken for a scope. */
export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value)
}

/** Each entry of a body's `scopes` that is not a scope, by its path. */
export function unknownScopeProblems(body: unknown): { path: string, message: string }[] {
  const scopes = (body as { scopes?: unknown } | null)?.scopes
  if (!Array.isArray(scopes)) return []
  return scopes.flatMap((scope, i) => typeof scope === 'string' && !isScope(scope) ? [{ path: `scopes[${i}]`, message: `Not a scope: ${scope.slice(0, 64)}.` }] : [])
}
