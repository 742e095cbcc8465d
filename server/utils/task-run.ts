import { countTaskRun } from './metrics'
import { faultSummary, logger } from '../domain/shared/log'

type Counts = Record<string, number>

/**
 * Runs a task or one turn of a worker loop and writes its one line: name, duration, outcome and
 * counts (what it did, never whose). A failure is logged with its class and message and thrown on.
 * `quietWhenIdle` keeps a poller's empty turns (every second, on every instance) at debug level.
 */
export async function loggedRun<T>(task: string, run: () => Promise<T>, countsOf: (result: T) => Counts, options: { quietWhenIdle?: boolean } = {}): Promise<T> {
  const startedAt = performance.now()
  const durationMs = () => Math.round((performance.now() - startedAt) * 10) / 10
  try {
    const result = await run()
    const counts = countsOf(result)
    const ms = durationMs()
    countTaskRun(task, 'ok', ms / 1000)
    const idle = Object.values(counts).every(count => count === 0)
    logger[options.quietWhenIdle && idle ? 'debug' : 'info']({ task, durationMs: ms, outcome: 'ok', counts }, 'task run')
    return result
  } catch (error) {
    const ms = durationMs()
    countTaskRun(task, 'failed', ms / 1000)
    logger.error({ task, durationMs: ms, outcome: 'failed', fault: faultSummary(error) }, 'task run')
    throw error
  }
}
