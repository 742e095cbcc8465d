/**
 * The one loop of the queues (docs/architecture.md, "Workers"): it wakes, polls and stops every queue
 * the same way. The lease each row is held under (claim, renew, hand back) is worker-driver.ts; this
 * file is the loop around it. A queue is a declaration (`QueueDeclaration`: its claim, its work, how
 * many pieces it works at once, what wakes it); this loop claims while there is room, works each
 * claimed piece on its own, claims again as a piece ends, wakes at the queue's signal (this process's
 * own commits) and every `pollMs` (other processes' writes, retries come due), and stops by claiming
 * nothing more and waiting for the pieces in hand, which hand back what they hold (`stopping`).
 */
import type { Database } from '../../../db/client'
import { workerOwner } from './worker-driver'

/** What a queue's declaration is given: the database, this worker's lease owner, and whether the loop or the server is stopping. */
export interface QueueWorker {
  database: Database
  owner: string
  stopping: () => boolean
}

/** A queue, as the loop runs it. `Piece` is what one claim hands over (a row, or a batch of rows). */
export interface QueueDeclaration<Piece = unknown, Result = unknown> {
  /** The task's name in the log and the metrics (`webhooks:deliver`). */
  task: string
  /** How often to look for work this process was not told of. */
  pollMs: number
  /** Pieces worked at once by this process (default 1). */
  concurrency?: number
  /** Subscribes `wake` to the queue's wake signal (e.g. `onOutboxCommit`); returns how to stop listening. */
  wakeSignal?: (wake: (schoolId: string) => void) => () => void
  /**
   * The school a piece belongs to: a signal for a school whose piece is in hand is dropped, and that
   * piece's end wakes the loop instead. So declare it only when a piece reads its school's work again
   * before it ends (a webhook subscription reads its pending deliveries again after each post until
   * none is left): the write a dropped signal told of is then still seen, by the piece in hand.
   */
  schoolOf?: (piece: Piece) => string
  /** Claims up to `room` pieces for this worker; none once stopping. */
  claim(room: number): Promise<Piece[]>
  /** Works one claimed piece; a fault is reported, the piece's rows keep their lease (the driver's rule). */
  work(piece: Piece): Promise<Result>
  /** What the log says of a piece worked (ids and counts, never whose). */
  noteOf?: (piece: Piece, result: Result | undefined) => Record<string, unknown>
  /** What the log says, at debug level, of a claim that found nothing; no line when absent. */
  idleNote?: Record<string, unknown>
}

/** Builds a queue's declaration for a worker, or `undefined` when this process runs no such queue (a test server's settings). */
export type DeclareQueue<Settings> = (worker: QueueWorker, settings: Settings) => QueueDeclaration<any, any> | undefined

/** Names a queue's declaration, so the one list (workers/queues.ts) and its test can find every queue. */
export function defineWorkerQueue<Settings>(declare: DeclareQueue<Settings>): DeclareQueue<Settings> {
  return declare
}

/** What the loop tells its starter: pieces worked (or failed), claims that found nothing, faults. */
export interface LoopHooks {
  onWorked?: (worked: { task: string, outcome: 'ok' | 'failed', durationMs: number, note: Record<string, unknown> }) => void
  onIdle?: (idle: { task: string, durationMs: number, note: Record<string, unknown> }) => void
  onError?: (error: unknown, task: string) => void
}

/** What the starter gives the loop besides its hooks: whether the server is stopping, and how long a stop waits for a claim. */
export interface LoopOptions extends LoopHooks {
  /** True once the server is stopping (the plugin passes `isServerStopping`): from then on the loop claims nothing, even before its own stop. */
  serverStopping?: () => boolean
  /** How long `stop()` waits for a claim under way (the plugin passes the shutdown grace); no bound when absent. */
  stopWithinMs?: number
}

export interface WorkerLoop {
  /**
   * Claims nothing more, then resolves once every piece in hand has ended (handed back or finished). A
   * claim under way is waited for at most `stopWithinMs` (a claim hung on the database is reported
   * through `onError` and left); the pieces in hand are waited for, each handing back at its next heartbeat.
   */
  stop(): Promise<void>
}

/** Whether `promise` settles within `ms` (always, when `ms` is undefined). */
async function settlesWithin(promise: Promise<unknown>, ms: number | undefined): Promise<boolean> {
  if (ms === undefined) {
    await promise
    return true
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false)
  })
  try {
    return await Promise.race([promise.then(() => true), timedOut])
  } finally {
    clearTimeout(timer)
  }
}

const elapsed = (startedAt: number) => Math.round((performance.now() - startedAt) * 10) / 10

/** Starts the loop of one queue in this process: at once, at its signal, every `pollMs`. */
export function startWorkerLoop<Settings>(
  database: Database, declare: DeclareQueue<Settings>, settings: Settings, hooks: LoopOptions = {}
): WorkerLoop | undefined {
  let stopped = false
  const serverStopping = hooks.serverStopping ?? (() => false)
  // The server may be stopping before this loop's own stop (a shutdown begun before the database was ready).
  const stopping = () => stopped || serverStopping()
  const queue = declare({ database, owner: workerOwner(), stopping }, settings)
  if (!queue) return undefined
  const { task, concurrency = 1 } = queue
  const inHand = new Map<object, { school?: string, done: Promise<void> }>()
  let claiming: Promise<void> | undefined
  let claimAgain = false

  function begin(piece: unknown) {
    const startedAt = performance.now()
    const note = (result?: unknown) => queue!.noteOf?.(piece, result) ?? {}
    const key = {}
    const done = queue!.work(piece).then(
      result => hooks.onWorked?.({ task, outcome: 'ok', durationMs: elapsed(startedAt), note: note(result) }),
      (error) => {
        hooks.onWorked?.({ task, outcome: 'failed', durationMs: elapsed(startedAt), note: note() })
        hooks.onError?.(error, task)
      }).finally(() => {
      inHand.delete(key)
      wake()
    })
    inHand.set(key, { school: queue!.schoolOf?.(piece), done })
  }

  async function claimWhileRoom() {
    try {
      do {
        claimAgain = false
        const room = concurrency - inHand.size
        if (room <= 0 || stopping()) break
        const startedAt = performance.now()
        const pieces = await queue!.claim(room)
        if (pieces.length === 0 && queue!.idleNote) hooks.onIdle?.({ task, durationMs: elapsed(startedAt), note: queue!.idleNote })
        for (const piece of pieces) begin(piece)
      } while (claimAgain)
    } catch (error) {
      hooks.onError?.(error, task)
    }
  }

  function wake() {
    if (stopping()) return
    if (claiming) {
      claimAgain = true
      return
    }
    claiming = claimWhileRoom().finally(() => {
      claiming = undefined
    })
  }

  const poll = setInterval(wake, queue.pollMs)
  poll.unref()
  // A signal for a school whose piece is in hand is left to that piece (`schoolOf` says why that is safe).
  const stopListening = queue.wakeSignal?.((schoolId) => {
    if (![...inHand.values()].some(entry => entry.school === schoolId)) wake()
  }) ?? (() => {})
  wake()

  return {
    async stop() {
      stopped = true
      clearInterval(poll)
      stopListening()
      // A claim under way adds to what is in hand; wait for it (within the bound) before waiting for those.
      if (claiming && !await settlesWithin(claiming, hooks.stopWithinMs)) {
        hooks.onError?.(new Error(`A claim did not end within ${hooks.stopWithinMs} ms of the stop; the loop stops without it`), task)
      }
      await Promise.all([...inHand.values()].map(entry => entry.done))
    }
  }
}

/**
 * Works a queue once, by hand, as a task asked for once does (`sync:apply`): the declaration's own
 * claim and work, one piece at a time, until a claim finds nothing or `stopping`; returns the pieces
 * worked. A fault ends it and is thrown; the piece keeps its lease (the driver's rule).
 */
export async function drainWorkerQueue<Settings>(database: Database, declare: DeclareQueue<Settings>, settings: Settings,
  stopping: () => boolean): Promise<number> {
  const queue = declare({ database, owner: workerOwner(), stopping }, settings)
  let worked = 0
  while (queue && !stopping()) {
    const [piece] = await queue.claim(1)
    if (piece === undefined) break
    await queue.work(piece)
    worked++
  }
  return worked
}
