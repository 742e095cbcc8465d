/**
 * The bench's suite rows (issue 45, point 4): the test suite's wall time on a quiet machine and beside
 * `stress-ng --cpu 2 --cpu-load 60`, per database, as `npm run test:busy` last recorded them. Reported, never
 * asserted: a test that timed the suite would fail on a slow machine for no fault. `npm run bench -- --only suite`
 * runs the suite twice (quiet, then busy) on the suite's database (DATABASE_URL, SQLite by default) first;
 * each run is minutes, so an ordinary bench run reports the last figures and when they were measured.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { projectRoot } from '../built-server'
import { readSuiteTimes, suiteDialect, type Machine } from '../suite-times'

function runSuite(machine: Machine) {
  const args = [resolve(projectRoot, 'scripts/test-busy.ts'), ...(machine === 'quiet' ? ['--quiet-machine'] : [])]
  console.log(`\nThe suite on a ${machine} machine (npm run test:busy${machine === 'quiet' ? ' -- --quiet-machine' : ''}), on ${suiteDialect()}…`)
  try {
    // The bench has just built .output; the suite serves that build.
    execFileSync(
      resolve(projectRoot, 'node_modules/.bin/tsx'), args,
      { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ROLLBOOK_TEST_SKIP_BUILD: '1' } }
    )
  } catch {
    // A failed run is still a time: the row says it failed.
  }
}

export function benchSuiteTime(measure: boolean): void {
  if (measure) (['quiet', 'busy'] as const).forEach(runSuite)
  const times = readSuiteTimes()
  console.log('\nThe test suite\'s wall time (npm run test:busy; reported, not a target):')
  for (const dialect of ['sqlite', 'postgresql']) {
    for (const machine of ['quiet', 'busy'] as const) {
      const time = times[`${machine} ${dialect}`]
      const beside = machine === 'busy' ? 'stress-ng --cpu 2 --cpu-load 60 beside it' : 'nothing beside it'
      console.log(time
        ? `  suite ${dialect.padEnd(10)} ${machine.padEnd(5)} ${String(time.wallSeconds).padStart(5)} s  load average mean ${time.meanLoad.toFixed(1)}, highest ${time.maxLoad.toFixed(1)}; ${beside}; ${time.passed ? 'passed' : 'FAILED'}; ${time.at.slice(0, 16).replace('T', ' ')} UTC`
        : `  suite ${dialect.padEnd(10)} ${machine.padEnd(5)} not measured here yet (npm run bench -- --only suite${dialect === 'postgresql' ? ', with DATABASE_URL naming a PostgreSQL database' : ''})`)
    }
  }
}
