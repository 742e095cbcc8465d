/**
 * `npm run bench -- --district [--district-schools N]` (issue 43, "A district"): on the district data set
 * (district-data.ts: 100 schools of 2,000 students, kept between runs), three built server instances on one
 * PostgreSQL, and the rows:
 *
 * - people page: 50 callers at once spread over every school and instance (district-load.ts), each with its
 *   school's token; target p99 under 20 ms at every school;
 * - directory: the same over the screens' first directory page, with each school's administrator's session;
 * - the cost side: the database's size per 1,000 students, and the statements a request sends PostgreSQL on
 *   each hot route (counted on the wire by statement-counter.ts, one instance, one request at a time);
 * - nightly exports: every school's files made by the three instances' own quarter-hourly runs (district-exports.ts),
 *   which waits for the next quarter hour.
 *
 * `--only people,size` runs some of them (districtRows).
 *
 * Each figure is printed with the machine's load average beside it: the machine is shared, and a figure
 * measured at a load of 6 on two cores says as much of the neighbours as of the software.
 */
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import postgres from 'postgres'
import { startBuiltServer, type RunningServer } from '../built-server'
import { districtShape } from '../../server/domain/setup/demo/district-shape'
import type { BenchDatabase } from './databases'
import { ensureDistrict } from './district-data'
import { spreadLoad, type SchoolCaller, type SpreadResult } from './district-load'
import { startStatementCounter } from './statement-counter'
import { loadAverage } from './load-average'
import { peakRssMb } from './peak-memory'
import { forgetDueNights, watchDistrictExports } from './district-exports'
import { signInByLink } from './sign-in-by-link'

export const districtTargets = { p99Ms: 20, instances: 3, connections: 50 }

/** The district's rows, as `--only` names them. */
export const districtRows = ['people', 'directory', 'size', 'statements', 'exports'] as const

export interface DistrictOptions {
  root: string
  /** The copy of the build every instance runs. */
  build: string
  schools: number
  /** Schools the build fills at once. */
  buildConcurrency: number
  duration: number
  warmup: number
  /** The rows to run (`--only`); every one when not given. */
  only?: string[]
}

async function step(
  root: string, database: BenchDatabase, args: string[], onProgress?: (line: string) => void, env: Record<string, string> = {}
): Promise<any> {
  const running = promisify(execFile)(
    resolve(root, 'node_modules/.bin/tsx'), args,
    { cwd: root, env: { ...process.env, DATABASE_URL: database.url, ...env }, encoding: 'utf8', maxBuffer: 64 << 20 }
  )
  running.child.stderr?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) onProgress?.(line)
  })
  const { stdout } = await running
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

/**
 * The export nights the instances have begun: every quarter hour each runs `exports:produce`, which on a district
 * whose files were not made today makes every school's. A row during which that began is said to have had it beside it.
 */
async function exportNightsBegun(url: string): Promise<number> {
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    const [row] = await client`select count(*)::int as count from export_nights`
    return row!.count as number
  } finally {
    await client.end({ timeout: 1 })
  }
}

const fixed = (value: number, digits = 1) => Number.isFinite(value) ? value.toFixed(digits) : '—'

function printLoadRow(name: string, path: string, result: SpreadResult, load: string, peaks: number[], exportNights: number): number {
  const sorted = [...result.schoolP99Ms].sort((a, b) => a - b)
  const worst = sorted.at(-1)!
  const over = sorted.filter(ms => !(ms < districtTargets.p99Ms)).length
  const missed = [
    result.failures ? `${result.failures} failed requests` : '',
    over ? `${over} of ${sorted.length} schools' p99 not under ${districtTargets.p99Ms} ms` : ''
  ].filter(Boolean)
  console.log(
    `  ${name} (${path}): ${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s over ${sorted.length} schools; p50 ${fixed(result.p50Ms, 2)} ms, `
    + `p99 ${fixed(result.p99Ms)} ms; per school p99 median ${fixed(sorted[Math.floor((sorted.length - 1) / 2)]!)} ms, worst ${fixed(worst)} ms `
    + `(target < ${districtTargets.p99Ms}); instances' peak RSS ${peaks.map(mb => fixed(mb, 0)).join(', ')} MB; load average ${load}`
    + `${exportNights ? `; beside the nightly exports of ${exportNights} schools, begun meanwhile` : ''}  `
    + (missed.length ? 'MISSED: ' + missed.join('; ') : 'ok')
  )
  return missed.length ? 1 : 0
}

/** The database's size, per 1,000 current students, and its largest tables. */
async function printSizeRow(url: string) {
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    const [size] = await client`select pg_database_size(current_database())::bigint as bytes`
    const [students] = await client`select count(distinct person_id)::int as count from affiliations where kind = 'student' and valid_to is null`
    const [people] = await client`select count(*)::int as count from people`
    const tables = await client`select relname as name, pg_total_relation_size(oid)::bigint as bytes from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace order by 2 desc limit 6`
    const mb = (bytes: unknown) => Number(bytes) / 1024 / 1024
    console.log(
      `  database size: ${fixed(mb(size!.bytes) / 1024, 2)} GB for ${students!.count.toLocaleString('en')} current students `
      + `(${people!.count.toLocaleString('en')} people): ${fixed(mb(size!.bytes) / (students!.count / 1000), 1)} MB per 1,000 students; largest tables `
      + tables.map(table => `${table.name} ${fixed(mb(table.bytes) / 1024, 2)} GB`).join(', ')
    )
  } finally {
    await client.end({ timeout: 1 })
  }
}

interface HotRoute { name: string, path: string, session?: boolean }

/** The `i`th request's path: a list's page size varied (100 down), so no request is answered from the server's kept answers. */
const uncached = (path: string, i: number) => path.replace(/limit=\d+/, `limit=${100 - i}`)

/**
 * The statements a request sends PostgreSQL on each hot route: one instance on the counting proxy, one request
 * at a time after a warm-up (statement caches, the session's and token's look-ups), less what the instance sends
 * of itself meanwhile (its workers' polls), counted over as long with no request. A list's every request asks
 * a page size of its own, so each is read afresh rather than from the server's kept answers.
 */
async function printStatementRows(options: DistrictOptions, database: BenchDatabase, caller: { token: string, cookie: string }) {
  const counter = await startStatementCounter(database.url)
  const server = await startBuiltServer({
    mode: 'bench', outputDir: options.build, env: { DATABASE_URL: counter.url, RATE_LIMIT_SCALE: '100000', DATABASE_POOL_SIZE: '4' }
  })
  try {
    // A session made on another instance: sessions are the database's, not an instance's.
    const { cookie } = caller
    const first = await fetch(`${server.url}/api/app/people?limit=1&group=students`, { headers: { cookie } }).then(answer => answer.json())
    const routes: HotRoute[] = [
      { name: 'hello', path: '/api/hello' },
      { name: 'people', path: '/api/v1/people?limit=100' },
      { name: 'affiliations', path: '/api/v1/affiliations?limit=100' },
      { name: 'events', path: '/api/v1/events?limit=100' },
      { name: 'tours', path: '/api/v1/tours' },
      { name: 'directory', path: '/api/app/people?limit=50', session: true },
      { name: 'person-record', path: `/api/app/people/${first.items[0].id}`, session: true }
    ]
    const warmup = 10
    const rounds = 40
    const cells: string[] = []
    for (const route of routes) {
      const headers: Record<string, string> = route.session ? { cookie } : { authorization: `Bearer ${caller.token}` }
      const once = async (i: number) => {
        const path = uncached(route.path, i)
        const answer = await fetch(server.url + path, { headers })
        if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
        await answer.arrayBuffer()
      }
      for (let i = 0; i < warmup; i++) await once(rounds + i)
      const before = counter.statements()
      const started = performance.now()
      for (let i = 0; i < rounds; i++) await once(i)
      const spent = performance.now() - started
      const sent = counter.statements() - before
      const idleBefore = counter.statements()
      await new Promise(done => setTimeout(done, spent))
      const idle = counter.statements() - idleBefore
      cells.push(`${route.name} ${fixed(Math.max(0, sent - idle) / rounds)}`)
    }
    console.log(`  statements per request (one instance, one at a time, its own polls taken off): ${cells.join(', ')}; load average ${loadAverage()}`)
  } finally {
    await server.stop()
    await counter.close()
  }
}

/** The three instances, on loopback ports of their own. */
async function startInstances(build: string, env: Record<string, string>): Promise<RunningServer[]> {
  const servers: RunningServer[] = []
  try {
    for (let i = 0; i < districtTargets.instances; i++) servers.push(await startBuiltServer({ mode: 'bench', outputDir: build, env }))
    return servers
  } catch (error) {
    await Promise.all(servers.map(server => server.stop()))
    throw error
  }
}

/** The load rows on three instances, then the statements row on a fourth, with a session the first three made. */
async function benchDistrictPages(options: DistrictOptions, district: BenchDatabase, runs: (row: typeof districtRows[number]) => boolean) {
  const callers: { schoolId: string, token: string, signInLink: string }[] = await step(options.root, district, ['scripts/bench/district-callers.ts'])
  let missed = 0
  const servers = await startInstances(options.build, { DATABASE_URL: district.url, RATE_LIMIT_SCALE: '100000' })
  let cookies: string[] = []
  try {
    const urls = servers.map(server => server.url)
    cookies = await Promise.all(callers.map((caller, i) => signInByLink(urls[i % urls.length]!, caller.signInLink)))
    const rows: { name: typeof districtRows[number], path: string, callers: SchoolCaller[] }[] = [
      {
        name: 'people', path: '/api/v1/people?limit=100',
        callers: callers.map(caller => ({ schoolId: caller.schoolId, headers: { authorization: `Bearer ${caller.token}` } }))
      },
      {
        name: 'directory', path: '/api/app/people?limit=50',
        callers: callers.map((caller, i) => ({ schoolId: caller.schoolId, headers: { cookie: cookies[i]! } }))
      }
    ]
    for (const row of rows.filter(row => runs(row.name))) {
      const nightsBefore = await exportNightsBegun(district.url)
      const result = await spreadLoad({
        servers: urls, callers: row.callers, path: row.path, connections: districtTargets.connections, duration: options.duration, warmup: options.warmup
      })
      const nights = await exportNightsBegun(district.url) - nightsBefore
      missed += printLoadRow(row.name, row.path, result, loadAverage(), servers.map(server => peakRssMb(server.process.pid!)), nights)
    }
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-4000))
    throw error
  } finally {
    await Promise.all(servers.map(server => server.stop()))
  }
  if (runs('statements')) await printStatementRows(options, district, { token: callers[0]!.token, cookie: cookies[0]! })
  return missed
}

/** The district's rows; answers how many missed a target. */
export async function benchDistrict(options: DistrictOptions): Promise<number> {
  const unknown = options.only?.filter(name => !(districtRows as readonly string[]).includes(name))
  if (unknown?.length) throw new Error(`No district row named ${unknown.join(', ')}; there are ${districtRows.join(', ')}.`)
  const runs = (row: typeof districtRows[number]) => !options.only || options.only.includes(row)
  const shape = districtShape(options.schools)
  console.log(`\nA district: ${shape.schools} schools of ${shape.studentsPerSchool.toLocaleString('en')} students on PostgreSQL`)
  const buildLoad = loadAverage()
  const district = await ensureDistrict(options.root, shape, async (database) => {
    console.log(`  building it (${options.buildConcurrency} schools at a time; load average ${buildLoad} at the start)…`)
    // Each school builds in transactions of its own: a connection each, and two over for the steps between.
    return step(
      options.root, database, ['scripts/bench/district-build.ts', String(shape.schools), String(options.buildConcurrency)], line => console.log(line),
      { DATABASE_POOL_SIZE: String(options.buildConcurrency + 2) }
    )
  })
  if ('skipped' in district) {
    console.log(`  skipped, ${district.skipped}.`)
    return 0
  }
  console.log(
    district.kept
      ? `  data set kept from ${district.builtAt} (built in ${fixed(district.seconds, 0)} s): ${district.url}`
      : `  built in ${fixed(district.seconds, 0)} s (${fixed(district.seconds / 60)} min; load average ${buildLoad} at its start, ${loadAverage()} at its end): ${district.url}`
  )
  if (runs('size')) await printSizeRow(district.url)
  let missed = 0
  if (runs('people') || runs('directory') || runs('statements')) missed += await benchDistrictPages(options, district, runs)
  if (runs('exports')) {
    // Before the instances start, so that none is making a night the bench forgets.
    const nights = await forgetDueNights(district.url)
    const exporters = await startInstances(options.build, { DATABASE_URL: district.url })
    try {
      missed += await watchDistrictExports(district.url, nights, exporters.map(server => server.process.pid!), loadAverage)
    } finally {
      await Promise.all(exporters.map(server => server.stop()))
    }
  }
  console.log('  still to come: a 200,000-event webhook fan-out, a district-wide emergency notice, an instance killed in each.')
  return missed
}
