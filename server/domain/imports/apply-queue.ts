import { defineWorkerQueue } from '../workers/worker-loop'
import { applySyncRun, claimNextSyncRun } from './apply-sync'

/**
 * The people sync as a queue of the worker loop (docs/imports.md): every instance looks for queued
 * runs each second and applies one at a time, so a staged run applies "within a few seconds"
 * everywhere (Nitro's scheduler runs no more often than each minute, and not under the tests). A
 * stopping loop claims nothing more and hands back the run in hand, unapplied.
 */
export const syncApplyQueue = defineWorkerQueue<unknown>(({ database, owner, stopping }) => ({
  task: 'sync:apply',
  pollMs: 1000,
  claim: async () => {
    const run = await claimNextSyncRun(database, owner, stopping)
    return run ? [run] : []
  },
  work: run => applySyncRun(database, run.id, owner, stopping),
  // An empty look, every second on every instance, is logged at debug level only.
  noteOf: (_run, status) => ({ counts: { applied: status ? 1 : 0 } }),
  idleNote: { counts: { applied: 0 } }
}))
