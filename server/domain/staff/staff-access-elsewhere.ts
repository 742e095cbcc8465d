import { eq } from 'drizzle-orm'
import { accounts, staffAccess } from '../../../db/schema'
import { holdUntilCommit } from '../../../db/transaction-lock'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { recordActivity } from '../activity/record-activity'
import { normalEmail } from '../accounts/accounts'
import { familyAccessPeopleOfAccount, liveStaffRole } from '../accounts/access-kinds'
import { requireRole, staffListing, type StaffAccessRow } from './staff-access'

/*
 * Staff access at a school for an account whose home is another school of the deployment
 * (docs/several-schools.md). Only the deployment's operator gives it (the admin CLI, a `system`
 * actor): a school's own administrators cannot attach, or learn of, an account of another school,
 * so `staff add` still answers them `conflict` for such an address. Ended like any staff access, by
 * the school's administrators (removeStaffAccess), which leaves the account's other schools alone.
 */

/** Gives the account with this address staff access at the context's school, with a role of the school's. */
export async function grantStaffAccessElsewhere(ctx: DomainContext, input: { email: string, role: string }) {
  if (ctx.actor.kind !== 'system') throw domainError('forbidden', ['Only the deployment\'s operator gives an account of another school staff access here.'])
  const email = normalEmail(input.email)
  const role = requireRole(input.role)
  const now = timestampNow()
  return ctx.database.transaction(async (tx) => {
    // The lock staff and family adds take on the address: a removal or an add at the same time comes before or after.
    await holdUntilCommit(ctx.database, tx, `account address ${email}`)
    const [account] = await tx.select().from(accounts).where(eq(accounts.email, email))
    if (!account || account.removedAt) {
      throw domainError('not_found', [`No account has the address ${email}: add them at their own school first (staff add).`])
    }
    if (account.schoolId === ctx.school.id) throw domainError('conflict', [`${email} is this school's own account: use staff add.`])
    if (await liveStaffRole(tx, ctx.school.id, account.id) !== undefined) throw domainError('conflict', [`${email} already has staff access here.`])
    // Never the case while family access is given at the account's home alone; kept so a parent's login never becomes staff here.
    if ((await familyAccessPeopleOfAccount(tx, ctx.school.id, account.id)).length) {
      throw domainError('conflict', [`${email} has family access here and cannot be given staff access.`])
    }
    const access: StaffAccessRow = { id: newId('sta'), schoolId: ctx.school.id, accountId: account.id, role, createdAt: now, endedAt: null }
    await tx.insert(staffAccess).values(access)
    await recordActivity(tx, ctx, {
      kind: 'staff.added', subjectType: 'staff', subjectId: account.id,
      summary: `${email} added as ${role} (an account of another school of the deployment)`, changes: { role: [null, role] }
    })
    return staffListing({ account, access })
  })
}
