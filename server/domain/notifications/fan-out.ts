/**
 * How a notice goes out to each adult it reaches (docs/notifications.md, "Choices" and "Emergencies"): the
 * message's recipient row is its email (pending at once, held for the digest, or off), and a text or push
 * delivery is written for each other channel the adult has and has not turned off. An emergency ignores
 * the choices: every channel the adult has, at once, ahead of every other queue (priority 0). A number that
 * replied STOP gets no text, an emergency's neither: the reply withdrew it, and carriers refuse texts to it;
 * nor does one whose last texts all failed (unreachable.ts).
 */
import { and, eq, inArray } from 'drizzle-orm'
import { pushSubscriptions } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { slicesOf } from '../../../db/id-slices'
import type { MessageDeliveryStatus, NoticeKind, NotificationDeliveryStatus, NotificationMode } from '../../../shared/vocabulary'
import { newId } from '../shared/ids'
import { modesForNotice, stoppedNumbers, textNumberOf, type ChannelModes } from './notification-choices'
import { notificationSettingsRow, storedGateway } from './notification-settings'
import { failingNumbers } from './unreachable'

export interface NoticeAdult { id: string, email: string | null, phone: string | null }

/** The priority of an emergency's deliveries: claimed before any other (every queue orders by it first). */
export const emergencyPriority = 0
export const normalPriority = 1

/** What a notice's adults are reached on, read before the write that queues it. */
export interface NoticePlan {
  priority: number
  /** adult id → the modes that hold (all instant for an emergency). */
  modes: Map<string, ChannelModes>
  textNumbers: Map<string, string>
  pushSubscriptionIds: Map<string, string[]>
}

const everyChannelAtOnce: ChannelModes = { email: 'instant', sms: 'instant', push: 'instant' }

export async function planNotice(database: Database, schoolId: string, notice: { kind: NoticeKind, emergency: boolean },
  adults: readonly NoticeAdult[]): Promise<NoticePlan> {
  const gateway = storedGateway(await notificationSettingsRow(database, schoolId))
  const numbers = new Map<string, string>()
  if (gateway) {
    for (const adult of adults) {
      const number = textNumberOf(adult.phone)
      if (number) numbers.set(adult.id, number)
    }
    const stopped = await stoppedNumbers(database, schoolId, [...numbers.values()])
    const failing = await failingNumbers(database, schoolId, [...numbers.values()])
    for (const [adultId, number] of numbers) if (stopped.has(number) || failing.has(number)) numbers.delete(adultId)
  }
  const subscriptions = new Map<string, string[]>()
  for (const slice of slicesOf(adults.map(adult => adult.id))) {
    const rows = await database.db.select({ id: pushSubscriptions.id, adultId: pushSubscriptions.adultId }).from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.schoolId, schoolId), inArray(pushSubscriptions.adultId, slice)))
    for (const row of rows) subscriptions.set(row.adultId, [...subscriptions.get(row.adultId) ?? [], row.id])
  }
  const modes = notice.emergency
    ? new Map(adults.map(adult => [adult.id, everyChannelAtOnce]))
    : await modesForNotice(database, schoolId, notice.kind, adults.map(adult => ({
        id: adult.id, reach: { email: adult.email, textNumber: numbers.get(adult.id) ?? null, pushDevices: subscriptions.get(adult.id)?.length ?? 0 }
      })))
  return { priority: notice.emergency ? emergencyPriority : normalPriority, modes, textNumbers: numbers, pushSubscriptionIds: subscriptions }
}

const emailStatus: Record<NotificationMode, MessageDeliveryStatus> = { instant: 'pending', digest: 'held', off: 'off' }
const deliveryStatus: Record<Exclude<NotificationMode, 'off'>, NotificationDeliveryStatus> = { instant: 'queued', digest: 'held' }

/** The email's status for an adult with an address: at once, held for the digest, or off. */
export function emailStatusOf(plan: NoticePlan, adultId: string): MessageDeliveryStatus {
  return emailStatus[plan.modes.get(adultId)?.email ?? 'instant']
}

/** The text and push deliveries of one message to one adult (none for a channel off or not had). */
export function otherChannelDeliveries(
  plan: NoticePlan, row: { schoolId: string, messageId: string, adultId: string, childIds: string, now: number, at: string }
) {
  const modes = plan.modes.get(row.adultId) ?? everyChannelAtOnce
  const common = {
    schoolId: row.schoolId, messageId: row.messageId, adultId: row.adultId, childIds: row.childIds, priority: plan.priority, attempts: 0,
    nextAttemptAt: row.now,
    leaseOwner: null, leaseUntil: null, providerId: null, lastError: null, digestId: null, digestCount: null, sentAt: null, deliveredAt: null, createdAt: row.at
  }
  const number = plan.textNumbers.get(row.adultId)
  const texts = number && modes.sms !== 'off'
    ? [{ ...common, id: newId('ndl'), channel: 'sms' as const, target: number, status: deliveryStatus[modes.sms] }]
    : []
  const pushes = modes.push === 'off'
    ? []
    : (plan.pushSubscriptionIds.get(row.adultId) ?? []).map(subscriptionId =>
        ({ ...common, id: newId('ndl'), channel: 'push' as const, target: subscriptionId, status: deliveryStatus[modes.push as 'instant' | 'digest'] }))
  return [...texts, ...pushes]
}
