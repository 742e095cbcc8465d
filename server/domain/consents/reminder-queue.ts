import { defineWorkerQueue } from '../workers/worker-loop'
import type { MessageQueueSettings } from '../messages/delivery-queue'
import { dueReminderAsks, sendDueReminders } from './reminders'

/**
 * An ask's scheduled reminders as a queue of the worker loop (docs/consents.md, "Reminders"): every minute, the
 * asks whose next reminder day has come in their school's zone, one at a time. Two instances may claim the same
 * ask; the reminder's own write lets one send it (sendDueReminders).
 */
export const consentReminderQueue = defineWorkerQueue<MessageQueueSettings>(({ database, stopping }, settings) => {
  if (settings.messageSchools?.length === 0) return undefined
  return {
    task: 'consents:remind',
    pollMs: 60_000,
    claim: async () => stopping() ? [] : dueReminderAsks(database, settings.messageSchools),
    work: (askId: string) => sendDueReminders(database, askId),
    noteOf: (askId: string, adults: number | undefined) => ({ askId, adults })
  }
})
