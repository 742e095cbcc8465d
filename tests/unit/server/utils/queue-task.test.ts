import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../../../db/client'
import { defineWorkerQueue } from '../../../../server/domain/workers/worker-loop'

/*
 * A queue worked by hand (the `sync:apply` task, server/utils/queue-task.ts) drains the loop's own
 * declaration, and a stopping server waits for it, as for the loops: it claims nothing more and ends
 * with the piece in hand. Fresh modules, so this file's stopped server is nobody else's.
 */
describe('a queue task by hand', () => {
  afterAll(() => {
    vi.resetModules()
  })

  it('works the queue\'s pieces one at a time, and a stopping server waits for the piece in hand', async () => {
    vi.resetModules()
    const { stopServerWorkers } = await import('../../../../server/utils/shutdown')
    const { runQueueTask } = await import('../../../../server/utils/queue-task')
    const waiting = ['r1', 'r2', 'r3']
    const started: string[] = []
    const finish = new Map<string, () => void>()
    const declare = defineWorkerQueue<unknown>(({ stopping }) => ({
      task: 'test:by-hand',
      pollMs: 60_000,
      claim: async room => stopping() ? [] : waiting.splice(0, room),
      work: (id: string) => new Promise<void>((resolve) => {
        started.push(id)
        finish.set(id, resolve)
      })
    }))
    const settle = () => new Promise(resolve => setTimeout(resolve, 10))
    const events: string[] = []
    const task = runQueueTask('test:by-hand', declare, undefined, 'worked', async () => ({}) as Database).then(worked => events.push(`task ${worked}`))
    await settle()
    finish.get('r1')!()
    await settle()
    expect(started).toEqual(['r1', 'r2'])

    const stopped = stopServerWorkers().then(() => events.push('stopped'))
    await settle()
    expect(events).toEqual([])
    finish.get('r2')!()
    await Promise.all([task, stopped])
    expect(events).toEqual(['task 2', 'stopped'])
    expect(started).toEqual(['r1', 'r2'])
  })
})
