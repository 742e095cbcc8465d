import { and, eq } from 'drizzle-orm'
import { staffRoles } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { recordActivity, type FieldChange } from '../activity/record-activity'
import { isCapability, type Capability } from '../access/catalogue'
import { builtInRoles, roleNames, storedCapabilities, type RoleName } from '../access/roles'

/*
 * The roles screen's reading and writing of the school's roles. What a role grants a caller is
 * decided in server/domain/access/roles.ts; changing a role goes through its delegation ceiling first.
 */

/** Every role of the school with its capabilities. */
export async function listRoles(ctx: DomainContext) {
  const rows = await ctx.database.db.select().from(staffRoles).where(eq(staffRoles.schoolId, ctx.school.id))
  const changed = new Map(rows.map(row => [row.name, storedCapabilities(row.capabilities)]))
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
  await ctx.database.transaction(async (tx) => {
    const [stored] = await tx.select({ capabilities: staffRoles.capabilities }).from(staffRoles)
      .where(and(eq(staffRoles.schoolId, ctx.school.id), eq(staffRoles.name, role)))
    const before = new Set<Capability>(stored ? storedCapabilities(stored.capabilities) : builtInRoles[role])
    await tx.insert(staffRoles)
      .values({ schoolId: ctx.school.id, name: role, capabilities: value })
      .onConflictDoUpdate({ target: [staffRoles.schoolId, staffRoles.name], set: { capabilities: value } })
    // Each capability given or taken, as held before → after.
    const changes: Record<string, FieldChange> = {}
    for (const name of new Set([...before, ...kept])) {
      if (before.has(name) !== kept.includes(name)) changes[name] = [before.has(name), kept.includes(name)]
    }
    if (Object.keys(changes).length) {
      await recordActivity(tx, ctx, { kind: 'role.changed', subjectType: 'role', subjectId: role, summary: `The ${role} role's capabilities changed`, changes })
    }
  })
  return { name: role, capabilities: kept, changed: true }
}
