import { eq } from 'drizzle-orm'
import { signInPolicies } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'

/**
 * Whether the school requires passkeys for staff: then a session made by an emailed code may only
 * register one. For the identify step, which asks before there is a caller; after it, `passkeysRequired`.
 */
export async function schoolRequiresPasskeys(database: Database, schoolId: string): Promise<boolean> {
  const [row] = await database.db.select().from(signInPolicies).where(eq(signInPolicies.schoolId, schoolId))
  return row?.passkeysRequired === 1
}

/** Whether the caller's school requires passkeys for staff. */
export function passkeysRequired(ctx: DomainContext): Promise<boolean> {
  return schoolRequiresPasskeys(ctx.database, ctx.school.id)
}

export async function readSignInPolicy(ctx: DomainContext) {
  return { passkeysRequired: await passkeysRequired(ctx) }
}

export async function setSignInPolicy(ctx: DomainContext, policy: { passkeysRequired: boolean }) {
  const value = policy.passkeysRequired ? 1 : 0
  await ctx.database.transaction(tx => tx.insert(signInPolicies)
    .values({ schoolId: ctx.school.id, passkeysRequired: value })
    .onConflictDoUpdate({ target: signInPolicies.schoolId, set: { passkeysRequired: value } }))
  return { passkeysRequired: policy.passkeysRequired }
}
