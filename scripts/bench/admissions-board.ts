/**
 * The applications board's row of `npm run bench`: the screen's own routes, with a staff session's
 * cookie (not a token), at a school of 50,000 people (`demo --students 20000`, their families,
 * staff and admissions). Measured: one column of the board as the screen asks for it (the `started`
 * column, the fullest: the demo's enrolments), and the board's counts. Targets: p50 under 50 ms and
 * p99 under 150 ms at the bench's connections.
 *
 * Run as a script (`tsx scripts/bench/admissions-board.ts session SCHOOL`), it starts an office
 * member's session in the school and prints its cookie as JSON: in a process of its own, so the
 * database's dialect is fixed at start as the server's is.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { projectRoot as root, startBuiltServer } from '../built-server'
import { analyzeAfterSeeding, type BenchDatabase } from './databases'
import { measure, type LoadSettings } from './measure'

export const boardBenchStudents = 20_000
const targets = { p50Ms: 50, p99Ms: 150 }

function tsx(database: BenchDatabase, args: string[]): any {
  const printed = execFileSync(
    resolve(root, 'node_modules/.bin/tsx'), args,
    { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }
  )
  return JSON.parse(printed.trim().split('\n').at(-1)!)
}

/** Makes the school, starts the built server on it and measures the board's routes; answers how many rows missed a target. */
export async function benchAdmissionsBoard(database: BenchDatabase, build: string, settings: LoadSettings) {
  const school =
    tsx(database, ['cli/admin.ts', 'school', 'create', '--name', 'Board Bench School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN', '--json'])
  const began = performance.now()
  const summary = tsx(database, ['cli/admin.ts', 'demo', '--school', school.id, '--students', String(boardBenchStudents), '--json'])
  const seeded = (performance.now() - began) / 1000
  await analyzeAfterSeeding(database)
  const { cookie } = tsx(database, ['scripts/bench/admissions-board.ts', 'session', school.id])
  const server = await startBuiltServer({ mode: 'bench', outputDir: build, env: { DATABASE_URL: database.url, RATE_LIMIT_SCALE: '100000' } })
  try {
    const headers = { cookie }
    const rows = [
      {
        name: 'board-column', path: '/api/app/admissions/applications?state=started&limit=10',
        check: (body: any) => body?.items?.length === 10 && typeof body.nextCursor === 'string'
      },
      { name: 'board-counts', path: '/api/app/admissions/applications/counts', check: (body: any) => body?.counts?.started >= 10 }
    ]
    const people = ['students', 'carers', 'staff', 'alumni', 'admissionsPeople'].reduce((sum, key) => sum + Number(summary[key] ?? 0), 0)
    console.log(
      `  applications board: a school of about ${people.toLocaleString('en')} people (${summary.students} students), seeded in ${seeded.toFixed(0)} s, with an office member's session cookie`
    )
    let missed = 0
    for (const row of rows) {
      const answer = await fetch(server.url + row.path, { headers })
      if (!answer.ok || !row.check(await answer.json())) throw new Error(`${row.name} (${row.path}) answered ${answer.status}, not a full answer`)
      const result = await measure(server.url + row.path, headers, settings)
      const misses = [
        result.failures ? `${result.failures} failed requests` : '',
        result.p50Ms < targets.p50Ms ? '' : `p50 not under ${targets.p50Ms} ms`,
        result.p99Ms < targets.p99Ms ? '' : `p99 not under ${targets.p99Ms} ms`
      ].filter(Boolean)
      if (misses.length) missed++
      console.log(
        `  ${row.name.padEnd(13)}${Math.round(result.requestsPerSecond).toLocaleString('en').padStart(9)}${result.p50Ms.toFixed(2).padStart(9)}${result.p99Ms.toFixed(2).padStart(9)}  ${misses.length ? 'MISSED: ' + misses.join('; ') : 'ok'}`
      )
    }
    return missed
  } catch (error) {
    console.error(server.output())
    throw error
  } finally {
    await server.stop()
  }
}

if (process.argv[1]?.endsWith('admissions-board.ts') && process.argv[2] === 'session') {
  const { openDatabase } = await import('../../db/client')
  const { requireSchool } = await import('../../server/domain/schools/find-school')
  const { systemContext } = await import('../../server/domain/shared/context')
  const { addStaffAccount } = await import('../../server/domain/staff/staff-access')
  const { startSession } = await import('../../server/domain/accounts/sessions')
  const database = openDatabase()
  const school = await requireSchool(database, process.argv[3]!)
  const member = await addStaffAccount(systemContext(database, school, 'bench'), { email: `board-bench-${Date.now()}@example.org`, role: 'office' })
  const { secret } = await startSession(database, { id: member.id, schoolId: school.id }, 'passkey')
  console.log(JSON.stringify({ cookie: `rollbook_session=${secret}` }))
  await database.close()
}
