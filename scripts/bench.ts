/**
 * `npm run bench`: builds the app, then for SQLite and PostgreSQL makes a demo school with the admin
 * CLI, starts the production server (`.output/server/index.mjs`) with the rate limit lifted, and
 * measures every row of scripts/bench/scenarios.ts with autocannon: requests a second, p50 and p99
 * latency, and each row's rate as a share of `/api/hello`'s. See docs/performance.md.
 *
 *   npm run bench -- [--no-build] [--dialect sqlite|postgresql] [--only people]
 *                    [--connections 10] [--duration 10] [--warmup 2] [--strict]
 *
 * PostgreSQL is BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/rollbook_bench); it is
 * skipped, saying why, when it cannot be reached. `--strict` exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process'
import { cpus } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { projectRoot as root, startBuiltServer } from '../tests/support/server-process'
import { freshPostgres, freshSqlite, type BenchDatabase, type Dialect } from './bench/databases'
import { measure, type LoadSettings, type Measurement } from './bench/measure'
import { demoStudents, helloScenario, p99TargetMs, scenarios, type Scenario } from './bench/scenarios'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'dialect': { type: 'string', multiple: true },
    'only': { type: 'string', multiple: true },
    'connections': { type: 'string', default: '10' },
    'duration': { type: 'string', default: '10' },
    'warmup': { type: 'string', default: '2' },
    'strict': { type: 'boolean', default: false }
  }
})

const settings: LoadSettings = {
  connections: Number(options.connections),
  duration: Number(options.duration),
  warmup: Number(options.warmup)
}
const dialectNames: Record<Dialect, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' }
const dialects = (options.dialect ?? ['sqlite', 'postgresql']) as Dialect[]
const wanted = options.only?.flatMap(name => name.split(','))
// hello always runs: every other row is judged against it.
const rows = scenarios.filter(s => s === helloScenario || !wanted || wanted.includes(s.name))

/** Runs the admin CLI as an administrator would (`npm run admin -- … --json`) and reads its answer. */
function admin(database: BenchDatabase, args: string[]): any {
  const output = execFileSync(resolve(root, 'node_modules/.bin/tsx'), ['cli/admin.ts', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: 'utf8'
  })
  return JSON.parse(output)
}

/** A demo school of `demoStudents` students and one token holding every scope the rows need. */
function makeDemoSchool(database: BenchDatabase) {
  const school = admin(database, ['school', 'create', '--name', 'Bench School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN'])
  const summary = admin(database, ['demo', '--school', school.id, '--students', String(demoStudents)])
  const scopes = [...new Set(rows.flatMap(row => row.scope ? [row.scope] : []))]
  const token = scopes.length ? admin(database, ['token', 'issue', '--school', school.id, '--purpose', 'bench', '--scopes', scopes.join(',')]).token as string : ''
  return { summary, token }
}

interface Row { scenario: Scenario, result: Measurement, share: number, missed: string[] }

const fixed = (value: number, digits: number) => Number.isFinite(value) ? value.toFixed(digits) : '—'

function printTable(rowsMeasured: Row[]) {
  console.log(`  ${'scenario'.padEnd(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'÷ hello'.padStart(10)}  verdict`)
  for (const { scenario, result, share, missed } of rowsMeasured) {
    const shareText = scenario === helloScenario ? '—' : `${(share * 100).toFixed(1)}%`
    console.log(`  ${scenario.name.padEnd(10)}${Math.round(result.requestsPerSecond).toLocaleString('en').padStart(9)}${fixed(result.p50Ms, 2).padStart(9)}${fixed(result.p99Ms, 2).padStart(9)}${shareText.padStart(10)}  ${missed.length ? 'MISSED: ' + missed.join('; ') : 'ok'}`)
  }
}

async function benchDialect(database: BenchDatabase): Promise<Row[]> {
  const { summary, token } = makeDemoSchool(database)
  console.log(`\n${dialectNames[database.dialect]} (${database.url}): demo school of ${summary.students} students, ${summary.carers} carers, ${summary.staff} staff`)
  const server = await startBuiltServer({ DATABASE_URL: database.url, RATE_LIMIT_SCALE: '100000' })
  try {
    const measured: Row[] = []
    for (const scenario of rows) {
      const headers: Record<string, string> = scenario.scope ? { authorization: `Bearer ${token}` } : {}
      const url = server.url + scenario.path
      const answer = await fetch(url, { headers })
      const problem = answer.ok ? scenario.check?.(await answer.json()) : `answered ${answer.status}: ${await answer.text()}`
      if (problem) throw new Error(`${scenario.name} (${scenario.path}) ${problem}`)
      const result = await measure(url, headers, settings)
      const hello = measured.find(row => row.scenario === helloScenario)?.result
      const share = hello ? result.requestsPerSecond / hello.requestsPerSecond : 1
      const missed: string[] = []
      if (result.failures) missed.push(`${result.failures} failed requests`)
      if (!(result.p99Ms < p99TargetMs)) missed.push(`p99 not under ${p99TargetMs} ms`)
      const minShare = scenario.minShareOfHello?.[database.dialect]
      if (minShare !== undefined && share < minShare) missed.push(`below ${minShare * 100}% of hello`)
      measured.push({ scenario, result, share, missed })
    }
    printTable(measured)
    for (const row of measured.filter(row => row.scenario !== helloScenario)) {
      console.log(`  ${row.scenario.name}/hello = ${row.share.toFixed(3)}${row.scenario.minShareOfHello ? ` (target ≥ ${row.scenario.minShareOfHello[database.dialect]})` : ''}`)
    }
    return measured
  } catch (error) {
    console.error(server.output())
    throw error
  } finally {
    await server.stop()
  }
}

if (!options['no-build']) {
  console.log('Building the production server (npx nuxt build)…')
  try {
    execFileSync(resolve(root, 'node_modules/.bin/nuxt'), ['build'], { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })
  } catch (error) {
    const failed = error as { stdout?: Buffer, stderr?: Buffer }
    console.error(`${failed.stdout ?? ''}${failed.stderr ?? ''}`)
    throw new Error('The build failed.')
  }
}

const cpu = cpus()
console.log(`Rollbook bench: ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.duration} s measured; ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`)

let missedTargets = 0
let broken = false
for (const dialect of dialects) {
  const database = dialect === 'sqlite' ? freshSqlite(root) : await freshPostgres()
  if ('skipped' in database) {
    console.log(`\n${dialectNames[dialect]}: skipped, ${database.skipped}.`)
    continue
  }
  const measured = await benchDialect(database)
  missedTargets += measured.filter(row => row.missed.length).length
  broken ||= measured.some(row => row.result.failures > 0)
}

if (missedTargets) console.log(`\n${missedTargets} row(s) missed a target.`)
if (broken || (options.strict && missedTargets)) process.exitCode = 1
