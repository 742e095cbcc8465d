import type { Database } from '../../db/client'
import { claimAbsenceNotices, noticeOfUnexplainedAbsences } from '../../server/domain/absences/absence-notices'

/** The `absences:notify` queue's own claim and notice (absence-notice-queue.ts), until none is ready; returns how many were told. */
export async function drainAbsenceNotices(database: Database, schoolIds: readonly string[], owner = `test-${process.pid}`): Promise<number> {
  let told = 0
  for (;;) {
    const batch = await claimAbsenceNotices(database, { owner, leaseMs: 60_000 }, schoolIds, 25)
    if (batch.length === 0) return told
    told += await noticeOfUnexplainedAbsences(database, batch, owner)
  }
}
