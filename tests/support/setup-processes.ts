import { rmSync } from 'node:fs'
import { onSignal } from '../../scripts/process-groups'
import { endLeftoversOfEarlierRuns, killNoted, processLogOf, stillRunning } from './test-processes'

/**
 * The first global setup of every project (issue 45, point 3): no process a test starts outlives the run.
 * Vitest tears the projects down in turn after the whole run; the last teardown, with every other
 * project's done (the shared server stopped), looks for any noted child still alive, kills it, and fails
 * the run naming it. Signals to the runner (Ctrl-C, a CI's timeout) kill every noted child before it goes:
 * a child in a group of its own gets no Ctrl-C from the terminal. What a runner killed outright (SIGKILL)
 * left is ended, and named, by the next run's setup.
 */
const state = Symbol.for('rollbook.tests.processes')
interface State { projects: number, installed: boolean }
const shared = (): State => ((globalThis as any)[state] ??= { projects: 0, installed: false })

const runner = () => process.env.ROLLBOOK_TEST_RUNNER ?? String(process.pid)

export function setup() {
  const run = shared()
  run.projects++
  if (run.installed) return
  run.installed = true
  const left = endLeftoversOfEarlierRuns()
  if (left.length) console.warn(`Ended what an earlier, killed test run left running:\n${left.map(what => `  ${what}`).join('\n')}`)
  // Vitest's own handlers exit a moment after these signals; this one kills the noted children first,
  // and the exit handler covers an exit by any other way.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) onSignal(signal, () => killNoted(runner()))
  // Vitest does not listen for SIGHUP (a closed terminal): the runner ends on it as it did before this listened.
  process.once('SIGHUP', () => {
    killNoted(runner())
    process.exit(129)
  })
  process.once('exit', () => killNoted(runner()))
}

export function teardown() {
  const run = shared()
  if (--run.projects > 0) return
  const left = stillRunning(runner())
  killNoted(runner())
  rmSync(processLogOf(runner()), { force: true })
  if (left.length) {
    // Vitest reports an error thrown here but exits 0 for it; the run must fail.
    process.exitCode = 1
    const listed = left.map(({ what, pids }) => `  ${what}: pids ${pids.join(', ')}`).join('\n')
    throw new Error(`The run left processes running (killed now): every test ends what it starts (tests/support/test-processes.ts):\n${listed}`)
  }
}
