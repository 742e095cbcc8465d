import { eq } from 'drizzle-orm'
import { staffSessions } from '../../../db/schema'
import { liveStaffRole } from '../accounts/access-kinds'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { hasRecentPasskeyProof } from '../accounts/sessions'
import type { Capability } from './catalogue'
import { roleCapabilities, type RoleName } from './roles'

/*
 * The delegation ceiling: what a member of staff hands on (a token's scopes, a role's capabilities,
 * a role given to someone) never exceeds what their own role holds, and administrators are made,
 * demoted and removed only by administrators with a recent passkey proof. Every route that delegates
 * comes through here. The service acting for itself (the CLI, a task) is the operator: no ceiling.
 */

/** The member of staff acting, or undefined when the service acts for itself. */
function delegatingMember(ctx: DomainContext) {
  return ctx.actor.kind === 'staff' ? ctx.actor : undefined
}

/** `forbidden` naming the first capability asked for that the acting member's role does not hold. */
export function refuseBeyondHolder(ctx: DomainContext, wanted: Iterable<Capability>, what: string) {
  if (!delegatingMember(ctx)) return
  const missing = [...wanted].filter(capability => !ctx.capabilities.has(capability))
  if (!missing.length) return
  throw domainError(
    'forbidden', [`You cannot ${what} with ${missing.join(', ')}: your own role does not hold ${missing.length > 1 ? 'them' : 'it'}.`],
    { data: { missingScope: missing[0] } }
  )
}

async function isAdministrator(ctx: DomainContext, accountId: string) {
  return await liveStaffRole(ctx.database.db, ctx.school.id, accountId) === 'admin'
}

async function refuseUnlessAdministrator(ctx: DomainContext, what: string) {
  const member = delegatingMember(ctx)
  if (!member || await isAdministrator(ctx, member.accountId)) return
  // `admin` is a role, not a capability: `missingScope` stays for capabilities alone.
  throw domainError('forbidden', [`Only an administrator may ${what}: your role is not admin.`])
}

/** `step_up_required` unless the acting member's session proved a passkey within five minutes. */
export async function requireRecentPasskeyProof(ctx: DomainContext, what: string) {
  const member = delegatingMember(ctx)
  if (!member) return
  const [session] = member.sessionId
    ? await ctx.database.db.select({ passkeyAt: staffSessions.passkeyAt, schoolAt: staffSessions.schoolAt }).from(staffSessions)
        .where(eq(staffSessions.id, member.sessionId))
    : []
  if (!session || !hasRecentPasskeyProof(session)) {
    throw domainError('step_up_required', [`Confirm with your passkey first: to ${what} needs a passkey proof within the last five minutes.`])
  }
}

/**
 * Giving someone a role (adding them, or changing theirs, one's own included): the role's
 * capabilities at this school must all be the actor's own; the `admin` role only from an
 * administrator, and demoting an administrator only by one; both with a recent passkey proof.
 */
export async function refuseRoleGrantBeyondHolder(ctx: DomainContext, from: string | null, to: RoleName) {
  if (!delegatingMember(ctx) || from === to) return
  if (to === 'admin') {
    await refuseUnlessAdministrator(ctx, 'give the admin role')
    await requireRecentPasskeyProof(ctx, 'give the admin role')
  }
  if (from === 'admin') {
    await refuseUnlessAdministrator(ctx, 'demote an administrator')
    await requireRecentPasskeyProof(ctx, 'demote an administrator')
  }
  refuseBeyondHolder(ctx, await roleCapabilities(ctx.database, ctx.school.id, to), `give the role ${to}`)
}

/** Removing a member's access: an administrator's only by an administrator, with a recent passkey proof. */
export async function refuseRemovalBeyondHolder(ctx: DomainContext, role: string) {
  if (role !== 'admin') return
  await refuseUnlessAdministrator(ctx, 'remove an administrator')
  await requireRecentPasskeyProof(ctx, 'remove an administrator')
}

/**
 * Changing what a role grants: only capabilities the actor holds may be added (those the role has
 * already may stay, so a list sent back whole is not refused), and the `admin` role is an
 * administrator's to change.
 */
export async function refuseRoleChangeBeyondHolder(ctx: DomainContext, role: RoleName, capabilities: readonly Capability[]) {
  if (!delegatingMember(ctx)) return
  if (role === 'admin') await refuseUnlessAdministrator(ctx, 'change what the admin role grants')
  const current = await roleCapabilities(ctx.database, ctx.school.id, role)
  refuseBeyondHolder(ctx, capabilities.filter(capability => !current.has(capability)), `give the role ${role}`)
}
