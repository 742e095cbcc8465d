import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../../../../db/client'
import { defineWorkerQueue, startWorkerLoop, type LoopHooks, type LoopOptions, type QueueWorker } from '../../../../../server/domain/workers/worker-loop'

/*
 * The one loop's rules, on a queue of pieces held in memory: what wakes it, how many pieces it works
 * at once, and how it stops. The queues' own rules (leases, retries, standing) are the integration
 * tests' (tests/integration/workers, messages, webhooks).
 */
interface Piece { id: string, school: string }

function memoryQueue(options: { concurrency?: number, pollMs?: number, fail?: string } = {}) {
  const waiting: Piece[] = []
  const claims: number[] = []
  const started: string[] = []
  const finish = new Map<string, () => void>()
  const commits = new EventEmitter()
  let worker: QueueWorker | undefined
  const declare = defineWorkerQueue<unknown>((given) => {
    worker = given
    return {
      task: 'test:work',
      pollMs: options.pollMs ?? 60_000,
      concurrency: options.concurrency,
      wakeSignal: (wake) => {
        commits.on('commit', wake)
        return () => commits.off('commit', wake)
      },
      schoolOf: piece => piece.school,
      claim: async (room) => {
        claims.push(room)
        return given.stopping() ? [] : waiting.splice(0, room)
      },
      work: piece => new Promise<string>((resolve, reject) => {
        started.push(piece.id)
        finish.set(piece.id, () => piece.id === options.fail ? reject(new Error('no')) : resolve(piece.id))
      }),
      noteOf: piece => ({ id: piece.id })
    }
  })
  return { waiting, claims, started, finish, commits, declare, worker: () => worker! }
}

const settle = () => new Promise(resolve => setTimeout(resolve, 5))
const database = {} as Database
const piece = (id: string, school = 's1'): Piece => ({ id, school })

/** Starts the loop on `queue` with `pieces` waiting, once its first claim is made. */
async function startWith(queue: ReturnType<typeof memoryQueue>, pieces: Piece[], hooks?: LoopOptions) {
  queue.waiting.push(...pieces)
  const loop = startWorkerLoop(database, queue.declare, {}, hooks)!
  await settle()
  return loop
}

/** Ends the pieces named, then lets the loop hear of it. */
async function finish(queue: ReturnType<typeof memoryQueue>, ...ids: string[]) {
  for (const id of ids) queue.finish.get(id)!()
  await settle()
}

describe('the worker loop', () => {
  it('claims at once, up to its concurrency, and claims again as a piece ends', async () => {
    const queue = memoryQueue({ concurrency: 2 })
    const loop = await startWith(queue, [piece('a'), piece('b', 's2'), piece('c', 's3')])
    expect(queue.started).toEqual(['a', 'b'])
    await finish(queue, 'a')
    expect(queue.started).toEqual(['a', 'b', 'c'])
    await finish(queue, 'b', 'c')
    await loop.stop()
  })

  it('wakes at its signal, but not for a school whose piece is in hand (that piece\'s end wakes it)', async () => {
    const queue = memoryQueue({ concurrency: 4 })
    const loop = await startWith(queue, [piece('a')])
    queue.waiting.push(piece('b'))
    queue.commits.emit('commit', 's1')
    await settle()
    expect(queue.started).toEqual(['a'])
    queue.waiting.push(piece('c', 's2'))
    queue.commits.emit('commit', 's2')
    await settle()
    expect(queue.started).toEqual(['a', 'b', 'c'])
    await finish(queue, 'a', 'b', 'c')
    await loop.stop()
  })

  it('polls for work it was not told of', async () => {
    const queue = memoryQueue({ pollMs: 20 })
    const loop = await startWith(queue, [])
    queue.waiting.push(piece('a'))
    await new Promise(resolve => setTimeout(resolve, 60))
    expect(queue.started).toEqual(['a'])
    await finish(queue, 'a')
    await loop.stop()
  })

  it('reports a piece worked or failed and carries on', async () => {
    const queue = memoryQueue({ fail: 'a' })
    const heard: string[] = []
    const hooks: LoopHooks = {
      onWorked: ({ task, outcome, note }) => heard.push(`${task} ${outcome} ${JSON.stringify(note)}`),
      onError: (error, task) => heard.push(`${task} fault ${(error as Error).message}`)
    }
    const loop = await startWith(queue, [piece('a'), piece('b')], hooks)
    await finish(queue, 'a')
    await finish(queue, 'b')
    expect(heard).toEqual(['test:work failed {"id":"a"}', 'test:work fault no', 'test:work ok {"id":"b"}'])
    await loop.stop()
  })

  it('stops: claims nothing more, tells the piece in hand, and waits for it to end', async () => {
    const queue = memoryQueue({ pollMs: 10 })
    const loop = await startWith(queue, [piece('a')])
    let stopped = false
    const stopping = loop.stop().then(() => {
      stopped = true
    })
    expect(queue.worker().stopping()).toBe(true)
    queue.waiting.push(piece('b', 's2'))
    queue.commits.emit('commit', 's2')
    await new Promise(resolve => setTimeout(resolve, 30))
    expect(stopped).toBe(false)
    await finish(queue, 'a')
    await stopping
    expect(queue.started).toEqual(['a'])
    expect(queue.commits.listenerCount('commit')).toBe(0)
  })

  it('claims nothing once the server is stopping, even before its own stop (a shutdown begun before the database was ready)', async () => {
    const queue = memoryQueue({ pollMs: 10 })
    const loop = await startWith(queue, [piece('a')], { serverStopping: () => true })
    await new Promise(resolve => setTimeout(resolve, 30))
    expect(queue.worker().stopping()).toBe(true)
    expect(queue.started).toEqual([])
    for (const end of queue.finish.values()) end()
    await loop.stop()
  })

  it('waits for a claim under way at most stopWithinMs, and says so', async () => {
    const heard: string[] = []
    const hung = defineWorkerQueue<unknown>(() => ({ task: 'test:hung', pollMs: 60_000, claim: () => new Promise<never>(() => {}), work: async () => {} }))
    const loop = startWorkerLoop(database, hung, {}, { stopWithinMs: 50, onError: (error, task) => heard.push(`${task}: ${(error as Error).message}`) })!
    await settle()
    const stopped = await Promise.race([loop.stop().then(() => 'stopped'), new Promise(resolve => setTimeout(resolve, 1000, 'still waiting'))])
    expect(stopped).toBe('stopped')
    expect(heard).toEqual([expect.stringMatching(/^test:hung: A claim did not end within 50 ms/)])
  })

  it('runs no loop for a queue its settings switch off', () => {
    expect(startWorkerLoop(database, defineWorkerQueue<unknown>(() => undefined), {})).toBeUndefined()
  })
})
