import { eq } from 'drizzle-orm'
import { signInPolicies } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'

/** Whether the school requires passkeys for staff: then a session made by an emailed code may only register one. */
export async function passkeysRequired(database: Database, schoolId: string): Promise<boolean> {
  const [row] = await database.db.select().from(signInPolicies).where(eq(signInPolicies.schoolId, schoolId))
  return row?.passkeysRequired === 1
}

export async function readSignInPolicy(ctx: DomainContext) {
  return { passkeysRequired: await passkeysRequired(ctx.database, ctx.school.id) }
}

export async function setSignInPolicy(ctx: DomainContext, policy: { passkeysRequired: boolean }) {
  const value = policy.passkeysRequired ? 1 : 0
  await ctx.database.transaction(tx => tx.insert(signInPolicies)
    .values({ schoolId: ctx.school.id, passkeysRequired: value })
    .onConflictDoUpdate({ target: signInPolicies.schoolId, set: { passkeysRequired: value } }))
  return { passkeysRequired: policy.passkeysRequired }
}
