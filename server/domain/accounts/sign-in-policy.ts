import { eq } from 'drizzle-orm'
import { signInPolicies } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { recordActivity } from '../activity/record-activity'

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
  await ctx.database.transaction(async (tx) => {
    const [before] = await tx.select().from(signInPolicies).where(eq(signInPolicies.schoolId, ctx.school.id))
    await tx.insert(signInPolicies)
      .values({ schoolId: ctx.school.id, passkeysRequired: value })
      .onConflictDoUpdate({ target: signInPolicies.schoolId, set: { passkeysRequired: value } })
    const was = before?.passkeysRequired === 1
    if (was !== policy.passkeysRequired) {
      await recordActivity(tx, ctx, {
        kind: 'sign_in_policy.changed', subjectType: 'school', subjectId: ctx.school.id,
        summary: policy.passkeysRequired ? 'Staff must now sign in with a passkey' : 'Staff may sign in with an emailed code again',
        changes: { passkeysRequired: [was, policy.passkeysRequired] }
      })
    }
  })
  return { passkeysRequired: policy.passkeysRequired }
}
