import { and, eq, inArray } from 'drizzle-orm'
import { unexplainedAbsences } from '../../../db/schema'
import { batchDeliveryQueue } from '../messages/delivery-queue'
import { absenceNoticeLeaseMs, claimAbsenceNotices, noticeOfUnexplainedAbsences } from './absence-notices'

/** Absences a batch claims: their notice is one message per school and day (absence-notices.ts). */
const batchSize = 100

type Unexplained = typeof unexplainedAbsences.$inferSelect

/**
 * The notices of the register's absences as a queue of the worker loop (docs/absences.md, "The loop"): batches
 * of the oldest waiting, a few at once, woken by this process's commits (the attendance system's request
 * commits its absences in one) and every two seconds for other instances'. A stopping loop hands back a batch it has
 * not begun; the schools noticed for, and the lease, are the message worker's.
 */
export const absenceNoticeQueue = batchDeliveryQueue<Unexplained>('absences:notify', 2, ({ database, owner, stopping }, settings) => ({
  claim: () => claimAbsenceNotices(database, { owner, leaseMs: settings.messageLeaseMs ?? absenceNoticeLeaseMs, stopping }, settings.messageSchools,
    batchSize),
  sendBatch: async (batch) => {
    if (stopping()) {
      await database.transaction(tx => tx.update(unexplainedAbsences).set({ leaseOwner: null, leaseUntil: null })
        .where(and(inArray(unexplainedAbsences.id, batch.map(row => row.id)), eq(unexplainedAbsences.leaseOwner, owner))))
      return 0
    }
    return noticeOfUnexplainedAbsences(database, batch, owner)
  }
}))
