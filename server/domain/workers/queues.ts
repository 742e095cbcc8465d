import { syncApplyQueue } from '../imports/apply-queue'
import { absenceNoticeQueue } from '../absences/absence-notice-queue'
import { consentReminderQueue } from '../consents/reminder-queue'
import { oneRosterRefreshQueue } from '../oneroster/refresh-queue'
import { emergencyMessageQueue, messageDeliveryQueue, type MessageQueueSettings } from '../messages/delivery-queue'
import { digestGatherQueue, digestMailQueue, pushDeliveryQueue, textDeliveryQueue } from '../notifications/delivery-queues'
import { webhookDeliveryQueue, type WebhookQueueSettings } from '../webhooks/delivery-queue'
import type { DeclareQueue } from './worker-loop'

/**
 * Every queue the server works continuously, each a declaration (`defineWorkerQueue`) run by the one
 * worker loop (worker-loop.ts) in every instance: a new queue is added here and nowhere else
 * (docs/architecture.md, "Workers"; tests/unit/rules/one-worker-loop.test.ts holds every
 * declaration to this list).
 */
export const workerQueues: readonly DeclareQueue<QueueSettings>[] = [
  webhookDeliveryQueue, emergencyMessageQueue, messageDeliveryQueue, textDeliveryQueue, pushDeliveryQueue, digestGatherQueue, digestMailQueue, syncApplyQueue,
  absenceNoticeQueue, consentReminderQueue, oneRosterRefreshQueue
]

/** What the queues read of a process's settings (server/utils/runtime-settings.ts). */
export type QueueSettings = WebhookQueueSettings & MessageQueueSettings
