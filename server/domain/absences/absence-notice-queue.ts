import { and, eq, inArray } from 'drizzle-orm'
import { unexplainedAbsences } from '../../../db/schema'
import { batchDeliveryQueue } from '../messages/delivery-queue'
import { absenceNoticeLeaseMs, claimAbsenceNotices, noticeOfUnexplainedAbsence } from './absence-notices'

/** Absences a batch notices, one message after another. */
const batchSize = 25

/**
 * The notices of the register's absences as a queue of the worker loop (docs/absences.md, "The loop"): batches
 * of the oldest waiting, a few at once, woken by this process's commits (the attendance system's request
 * commits its absences in one) and every two seconds for other instances'. A stopping loop hands back the rows
 * of its batch it has not reached; the schools noticed for are the message worker's.
 */
type Unexplained = typeof unexplainedAbsences.$inferSelect

export const absenceNoticeQueue = batchDeliveryQueue<Unexplained>('absences:notify', 2, ({ database, owner, stopping }, settings) => ({
  claim: () => claimAbsenceNotices(database, { owner, leaseMs: absenceNoticeLeaseMs, stopping }, settings.messageSchools, batchSize),
  sendBatch: async (batch) => {
    let told = 0
    for (const [index, row] of batch.entries()) {
      if (stopping()) {
        const rest = batch.slice(index).map(left => left.id)
        await database.transaction(tx => tx.update(unexplainedAbsences).set({ leaseOwner: null, leaseUntil: null })
          .where(and(inArray(unexplainedAbsences.id, rest), eq(unexplainedAbsences.leaseOwner, owner))))
        break
      }
      if (await noticeOfUnexplainedAbsence(database, row, owner)) told++
    }
    return told
  }
}))
