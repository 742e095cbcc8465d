/**
 * `npm run test:busy`: the whole suite (`vitest run`, with any arguments given after `--`) with
 * `stress-ng --cpu 2 --cpu-load 60` beside it, as on a school's build server or a contributor's laptop
 * with other work running (issue 45, point 2). It passes when the suite passes; stress-ng is stopped
 * however the run ends (its end, a failure, Ctrl-C, SIGTERM). It prints, and keeps in
 * `.data/suite-times.json` for the bench (scripts/bench/suite-time.ts), the wall time and the load average
 * sampled every five seconds.
 *
 * stress-ng is Debian's package: installed here with apt-get when missing and this is root, otherwise the
 * command to install it is printed. CI (.ci/run) does not run this and does not need it.
 *
 *   npm run test:busy                          # both cores 60 % busy beside the suite
 *   npm run test:busy -- --quiet-machine       # the same run and figures without stress-ng: the quiet row
 *   ROLLBOOK_TEST_SKIP_BUILD=1 npm run test:busy -- --project e2e
 *   DATABASE_URL=postgres://… npm run test:busy
 */
import { execFileSync, spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { projectRoot } from './built-server'
import { spawnGroup, stopGroup } from './process-groups'
import { recordSuiteTime } from './suite-times'
import { closestToBudget } from './test-budgets'

/** The load beside the suite: two workers, each busy 60 % of the time, as the issue's busy machine. */
export const stressArgs = ['--cpu', '2', '--cpu-load', '60']

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** stress-ng on the PATH, installing Debian's package when this is root and apt-get is there. */
function ensureStressNg(): void {
  if (has('stress-ng')) return
  const install = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng'
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`stress-ng is missing: ${install}`)
    try {
      execFileSync('sh', ['-c', `${install} >/dev/null`], { stdio: 'inherit' })
    } catch {}
    if (has('stress-ng')) return
  }
  console.error(`npm run test:busy needs stress-ng. On Debian or Ubuntu, as root: ${install} (elsewhere, your system's stress-ng package).`)
  process.exit(2)
}

const quiet = process.argv.includes('--quiet-machine')
const vitestArgs = process.argv.slice(2).filter(arg => arg !== '--quiet-machine')
if (!quiet) ensureStressNg()
const stress = quiet ? undefined : spawnGroup('stress-ng', [...stressArgs, '--quiet'], { stdio: 'ignore' })
let stressStopped: Promise<void> | undefined
const stopStress = () => stressStopped ??= stress ? stopGroup(stress, 2000) : Promise.resolve()
const beside = quiet ? 'nothing of its own beside it' : `stress-ng ${stressArgs.join(' ')} beside it`
// A stress-ng that ended by itself left the rest of the run quiet: the figures say so.
let stressEndedEarly = false
stress?.once('exit', () => {
  if (!stressStopped) stressEndedEarly = true
})

const samples: number[] = []
const sampler = setInterval(() => samples.push(loadavg()[0]!), 5000)
const started = performance.now()
console.log(
  `test:busy: vitest run with ${beside}${stress ? ` (pid ${stress.pid})` : ''}; load average now ${loadavg().map(load => load.toFixed(2)).join(', ')}`
)

// The suite in this process's group: the terminal's Ctrl-C reaches it, and it ends its own children (tests/support/setup-processes.ts).
const report = process.env.ROLLBOOK_TEST_REPORT || `.data/test-busy-${quiet ? 'quiet' : 'busy'}.json`
const suite = spawn(
  process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs],
  { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, ROLLBOOK_TEST_REPORT: report } }
)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    void stopStress()
    // The terminal's Ctrl-C reached the suite too, which ends in its own time (a second one would cut its clean-up
    // short); a signal sent to this process alone is passed on.
    const pass = () => suite.exitCode === null && suite.signalCode === null && suite.kill(signal)
    if (signal === 'SIGINT') setTimeout(pass, 3000).unref()
    else pass()
  })
}
suite.once('error', (error) => {
  console.error(`test:busy: vitest did not start: ${error.message}`)
  void stopStress().then(() => process.exit(1))
})
suite.once('exit', async (code, signal) => {
  clearInterval(sampler)
  await stopStress()
  const wallSeconds = Math.round((performance.now() - started) / 1000)
  if (!samples.length) samples.push(loadavg()[0]!)
  const meanLoad = samples.reduce((sum, load) => sum + load, 0) / samples.length
  const maxLoad = Math.max(...samples)
  const passed = code === 0
  if (stressEndedEarly) console.log('test:busy: stress-ng ended by itself before the suite did: the run was not busy to the end, and its time is not kept.')
  const verdict = passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`
  console.log(`test:busy: ${verdict} in ${wallSeconds} s with ${beside}; load average (1 min) mean ${meanLoad.toFixed(1)}, highest ${maxLoad.toFixed(1)}`)
  // The tests that came closest to their budget: the next to fail for a timeout on a slower machine.
  const closest = closestToBudget(resolve(projectRoot, report))
  if (closest.length) {
    console.log('test:busy: the tests closest to their budget (time / budget):')
    for (const test of closest) console.log(`  ${Math.round(test.share * 100)} %  ${(test.ms / 1000).toFixed(1)} s of ${test.budgetMs / 1000} s  ${test.name}`)
  }
  // Only a whole run's time is a figure for the bench: a run of some files or projects is not the suite's.
  if (!vitestArgs.length && !stressEndedEarly) recordSuiteTime(quiet ? 'quiet' : 'busy', { wallSeconds, meanLoad, maxLoad, passed })
  process.exit(code ?? 1)
})
