import { and, eq, sql } from 'drizzle-orm'
import { staffRoles } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { builtInRoles, isCapability, isRoleName, roleNames, type Capability, type RoleName } from './capabilities'

/** The capabilities a role holds at a school: the school's own list where it changed the role, the built-in one otherwise. */
export async function roleCapabilities(database: Database, schoolId: string, role: string): Promise<ReadonlySet<Capability>> {
  if (!isRoleName(role)) return new Set()
  const [row] = await database.prepared('staff-role-capabilities', db => db
    .select({ capabilities: staffRoles.capabilities })
    .from(staffRoles)
    .where(and(eq(staffRoles.schoolId, sql.placeholder('schoolId')), eq(staffRoles.name, sql.placeholder('role'))))
    .limit(1))({ schoolId, role })
  return new Set(row ? row.capabilities.split(' ').filter(isCapability) : builtInRoles[role])
}

/** Every role of the school with its capabilities. */
export async function listRoles(ctx: DomainContext) {
  const rows = await ctx.database.db.select().from(staffRoles).where(eq(staffRoles.schoolId, ctx.school.id))
  const changed = new Map(rows.map(row => [row.name, row.capabilities.split(' ').filter(isCapability)]))
  return roleNames.map(name => ({ name, capabilities: changed.get(name) ?? [...builtInRoles[name]], changed: changed.has(name) }))
}

/**
 * Sets which capabilities a role holds at the school. `admin` keeps `staff.manage` and
 * `settings.manage` always, so no school can lock itself out of its own settings.
 */
export async function setRoleCapabilities(ctx: DomainContext, role: RoleName, capabilities: Capability[]) {
  const unknown = capabilities.filter(name => !isCapability(name))
  if (unknown.length) throw domainError('unprocessable', [`Unknown capabilities: ${unknown.join(', ')}.`])
  const kept = role === 'admin' ? [...new Set<Capability>([...capabilities, 'staff.manage', 'settings.manage'])] : [...new Set(capabilities)]
  const value = kept.sort().join(' ')
  await ctx.database.transaction(tx => tx.insert(staffRoles)
    .values({ schoolId: ctx.school.id, name: role, capabilities: value })
    .onConflictDoUpdate({ target: [staffRoles.schoolId, staffRoles.name], set: { capabilities: value } }))
  return { name: role, capabilities: kept, changed: true }
}
