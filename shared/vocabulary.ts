/**
 * The enumerations that the database, the server, the screens and the CLI all speak. Kept free of
 * any server import so that the screens' bundle can use them.
 */

export const affiliationKinds = ['student', 'staff_member', 'applicant', 'volunteer', 'contractor', 'prac_student', 'board_member'] as const
export type AffiliationKind = typeof affiliationKinds[number]

export const nameChangeKinds = ['correction', 'change'] as const
export type NameChangeKind = typeof nameChangeKinds[number]

export const concessionKinds = ['sibling', 'staff', 'scholarship', 'bursary', 'hardship', 'other'] as const
export type ConcessionKind = typeof concessionKinds[number]

export const protectionFlagKinds = ['child_protection', 'family_violence', 'suppressed_details', 'other'] as const
export type ProtectionFlagKind = typeof protectionFlagKinds[number]

export const courtOrderKinds = ['parenting_order', 'intervention_order', 'other'] as const
export type CourtOrderKind = typeof courtOrderKinds[number]

export const moduleNames = ['people', 'billing', 'admissions', 'rosters', 'staff_import', 'people_sync', 'exports', 'webhooks'] as const
export type ModuleName = typeof moduleNames[number]
export type ModuleMode = 'on' | 'read_only' | 'off'

/** Classes of warehouse export columns, in rising order: a school may move a column up, never below its default. */
export const columnClasses = ['general', 'personal', 'restricted'] as const
export type ColumnClass = typeof columnClasses[number]

export const alumniRules = ['any_former_student', 'completed_final_year'] as const
export type AlumniRule = typeof alumniRules[number]

/** Whether `value` is one of `list`; an own-value check, so `toString` or `constructor` never pass. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}
