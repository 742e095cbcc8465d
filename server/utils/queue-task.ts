import type { Database } from '../../db/client'
import { drainWorkerQueue, type DeclareQueue } from '../domain/workers/worker-loop'
import { useDatabase } from './database'
import { isServerStopping, onServerStopping } from './shutdown'
import { loggedRun } from './task-run'

/**
 * A task that works a queue of the worker loop by hand, asked for once (`sync:apply`): the queue's own
 * declaration drained once (drainWorkerQueue) until a claim finds nothing or the server is stopping,
 * logged as one task run counting the pieces worked as `counted`; returns how many. The loop works
 * the same queue meanwhile, and the rows' leases keep the two from taking one row. A stopping server
 * waits for it as for the loops (onServerStopping), and its piece in hand hands back what it holds.
 */
export function runQueueTask<Settings>(task: string, declare: DeclareQueue<Settings>, settings: Settings, counted: string,
  database: () => Promise<Database> = useDatabase): Promise<number> {
  return loggedRun(task, async () => {
    const drained = drainWorkerQueue(await database(), declare, settings, isServerStopping)
    const forget = onServerStopping(() => drained.catch(() => {}))
    try {
      return await drained
    } finally {
      forget()
    }
  }, worked => ({ [counted]: worked }), { quietWhenIdle: true })
}
