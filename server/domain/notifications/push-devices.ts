/**
 * The browsers and phones an adult turned notifications on for (docs/notifications.md, "Phone
 * notifications"). A subscription is bound to the account that made it, at its school: the same endpoint
 * offered by another account, here or at another school, is refused (`conflict`), so a family cannot have
 * another's notices pushed to them nor have theirs taken over. The endpoint is checked as webhooks are
 * (push/push-subscription.ts): https, public addresses only.
 */
import { and, eq } from 'drizzle-orm'
import { pushSubscriptions } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { browserNamed } from '../accounts/passkey-notices'
import { pushSubscriptionSchema } from './push/push-subscription'

type Context = Pick<DomainContext, 'database' | 'school'>

export interface PushDeviceOwner { adultId: string, accountId: string }

export async function addPushDevice(ctx: Context, owner: PushDeviceOwner, offered: unknown, userAgent: string | undefined) {
  const parsed = pushSubscriptionSchema.safeParse(offered)
  if (!parsed.success) throw validationFailed(parsed.error.issues.map(issue => ({ path: issue.path.join('.'), message: issue.message })))
  const { endpoint, keys } = parsed.data
  const named = browserNamed(userAgent)
  const label = [named.browser ?? 'Browser', named.system].filter(Boolean).join(' · ')
  return ctx.database.transaction(async (tx) => {
    const [existing] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    if (existing && (existing.schoolId !== ctx.school.id || existing.accountId !== owner.accountId || existing.adultId !== owner.adultId)) {
      throw domainError('conflict', ['This browser\'s notifications belong to another account: sign out there and turn them off first.'])
    }
    if (existing) {
      await tx.update(pushSubscriptions).set({ p256dh: keys.p256dh, auth: keys.auth, label }).where(eq(pushSubscriptions.id, existing.id))
      return { id: existing.id, label, createdAt: existing.createdAt }
    }
    const device = { id: newId('psh'), schoolId: ctx.school.id, adultId: owner.adultId, accountId: owner.accountId, endpoint, p256dh: keys.p256dh,
      auth: keys.auth, label, createdAt: timestampNow() }
    await tx.insert(pushSubscriptions).values(device)
    return { id: device.id, label, createdAt: device.createdAt }
  })
}

/** Turns one of the adult's own devices off; another's is `not_found`, as a missing one is. */
export async function removePushDevice(ctx: Context, owner: PushDeviceOwner, deviceId: string) {
  const removed = await ctx.database.transaction(tx => tx.delete(pushSubscriptions).where(and(
    eq(pushSubscriptions.schoolId, ctx.school.id), eq(pushSubscriptions.adultId, owner.adultId), eq(pushSubscriptions.id, deviceId)
  )).returning({ id: pushSubscriptions.id }))
  if (!removed.length) throw domainError('not_found', ['No such device.'])
  return { removed: true }
}
