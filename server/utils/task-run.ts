import { countTaskRun } from './metrics'
import { faultSummary, logger } from '../domain/shared/log'

type Counts = Record<string, number>

/** Counts a finished run in the metrics and writes its one line; `fields` say what it did, never whose. */
export function noteTaskRun(
  task: string, outcome: 'ok' | 'failed', durationMs: number, fields: Record<string, unknown> = {},
  level: 'debug' | 'info' | 'error' = outcome === 'ok' ? 'info' : 'error'
) {
  countTaskRun(task, outcome, durationMs / 1000)
  logger[level]({ task, durationMs, outcome, ...fields }, 'task run')
}

/**
 * Runs a task or one turn of a worker loop and writes its one line: name, duration, outcome and
 * counts (what it did, never whose). A failure is logged with its class and message and thrown on.
 * `quietWhenIdle` keeps a poller's empty turns (every second, on every instance) at debug level.
 */
export async function loggedRun<T>(
  task: string, run: () => Promise<T>, countsOf: (result: T) => Counts, options: { quietWhenIdle?: boolean } = {}
): Promise<T> {
  const startedAt = performance.now()
  const durationMs = () => Math.round((performance.now() - startedAt) * 10) / 10
  try {
    const result = await run()
    const counts = countsOf(result)
    const idle = Object.values(counts).every(count => count === 0)
    noteTaskRun(task, 'ok', durationMs(), { counts }, options.quietWhenIdle && idle ? 'debug' : 'info')
    return result
  } catch (error) {
    noteTaskRun(task, 'failed', durationMs(), { fault: faultSummary(error) })
    throw error
  }
}
