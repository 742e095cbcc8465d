import { applyNextSyncRun } from '../domain/imports/apply-sync'
import { workerOwner } from '../domain/workers/worker-driver'
import { useDatabase } from './database'
import { isServerStopping } from './shutdown'
import { loggedRun } from './task-run'

/** This process's name as a worker: the lease owner of the runs it applies. */
const owner = workerOwner()

let running: Promise<number> | undefined

/**
 * Applies ready sync runs until none is left, one at a time: the `sync:apply` task, asked for once;
 * the worker loop works the same queue every second (domain/imports/apply-queue.ts), and the runs'
 * leases keep two from applying one run. A task already under way is shared. A stopping server
 * claims no more runs and hands back the one in hand (applyNextSyncRun).
 */
export function applyReadySyncRuns(): Promise<number> {
  running ??= loggedRun('sync:apply', async () => {
    const database = await useDatabase()
    let applied = 0
    try {
      while (!isServerStopping() && await applyNextSyncRun(database, owner, isServerStopping)) applied++
    } finally {
      running = undefined
    }
    return applied
  }, applied => ({ applied }), { quietWhenIdle: true })
  return running
}
