import { and, eq, sql } from 'drizzle-orm'
import { staffRoles } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { staffRoleNames } from '../../../shared/schemas/staff-settings'
import { capabilityNames, isCapability, type Capability, type Scope } from './catalogue'

const readScopes: Scope[] = ['person.read', 'affiliation.read', 'billing.read', 'tour.read', 'starter.read', 'export.read']

/** The roles every school starts with; a school may change which capabilities each holds. */
export const builtInRoles = {
  admin: capabilityNames,
  office: [
    ...readScopes, 'enquiry.write', 'tour.book', 'application.write', 'people.manage', 'admissions.manage', 'families.manage', 'portal.preview',
    'fees.manage', 'consents.manage', 'messages.send', 'absences.manage'
  ],
  admissions: ['person.read', 'affiliation.read', 'tour.read', 'starter.read', 'enquiry.write', 'tour.book', 'application.write', 'admissions.manage'],
  teacher: ['person.read', 'affiliation.read', 'roster.read'],
  read_only: readScopes
} as const satisfies Record<typeof staffRoleNames[number], readonly Capability[]>

export type RoleName = keyof typeof builtInRoles
export const roleNames = Object.keys(builtInRoles) as RoleName[]

export function isRoleName(value: string): value is RoleName {
  return Object.hasOwn(builtInRoles, value)
}

/** A role's capabilities as a school stored them (space-separated); a name no longer in the catalogue counts for nothing. */
export function storedCapabilities(stored: string): Capability[] {
  return stored.split(' ').filter(isCapability)
}

/** The capabilities a role holds at a school: the school's own list where it changed the role, the built-in one otherwise. */
export async function roleCapabilities(database: Database, schoolId: string, role: string): Promise<ReadonlySet<Capability>> {
  if (!isRoleName(role)) return new Set()
  const [row] = await database.prepared('staff-role-capabilities', db => db
    .select({ capabilities: staffRoles.capabilities })
    .from(staffRoles)
    .where(and(eq(staffRoles.schoolId, sql.placeholder('schoolId')), eq(staffRoles.name, sql.placeholder('role'))))
    .limit(1))({ schoolId, role })
  return new Set(row ? storedCapabilities(row.capabilities) : builtInRoles[role])
}
