/**
 * The retention row of `npm run bench` (issue 42), on a school of about 100,000 people (40,000 students with their
 * families) of whom 5,000 are former students past their period:
 * - `retention-preview`: the night's preview finds the 5,000 among the 100,000; target under 10 s;
 * - `retention-erase`: once their fourteen days have passed, the erasure of the 5,000, one transaction each; target
 *   under 60 s. Beside it the longest transaction, which on SQLite held the school's other writers back (under 100 ms);
 * - `retention-people-page`: `GET /api/v1/people?limit=100` read by four callers one request after another, p99 during
 *   the erasure against p99 before it, quiet; target under 2 times.
 */
import { request } from 'node:http'

export const retentionStudents = 40_000
export const retentionDueStudents = 5_000
export const retentionTargets = { previewSeconds: 10, eraseSeconds: 60, longestTransactionMs: 100, pageSlowdown: 2 }
/** How long the people page is read before the erasure, for its quiet p99. */
const quietSeconds = 10

export interface RetentionRow { name: string, value: number, unit: 'ms' | 's' | '×', target: number, detail: string }

function timedGet(url: string, token: string): Promise<number> {
  const started = performance.now()
  return new Promise((done, fail) => {
    const sent = request(url, { headers: { authorization: `Bearer ${token}` } }, (answer) => {
      answer.resume()
      answer.on('end', () => answer.statusCode === 200 ? done(performance.now() - started) : fail(new Error(`The people page answered ${answer.statusCode}`)))
      answer.on('error', fail)
    })
    sent.on('error', fail)
    sent.end()
  })
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!

/** Four callers reading the people page one request after another until `until` settles; every answer's time. */
async function readPeoplePage(serverUrl: string, token: string, until: Promise<unknown>) {
  const times: number[] = []
  let stop = false
  void until.finally(() => {
    stop = true
  })
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (!stop) times.push(await timedGet(`${serverUrl}/api/v1/people?limit=100`, token))
  }))
  return times
}

export async function benchRetentionSweep(
  serverUrl: string, admin: (args: string[]) => any, step: (args: string[]) => Promise<any>, settle: () => Promise<void>
): Promise<RetentionRow[]> {
  const school = admin(['school', 'create', '--name', 'Bench Retention School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN'])
  const seeded = admin(['demo', '--school', school.id, '--students', String(retentionStudents)])
  const { prepared } = await step(['scripts/bench/retention-sweep-step.ts', 'prepare', school.id, String(retentionDueStudents)])
  await settle()
  const token = admin(['token', 'issue', '--school', school.id, '--purpose', 'bench', '--scopes', 'person.read']).token as string

  const preview = await step(['scripts/bench/retention-sweep-step.ts', 'preview', school.id])
  const quiet = await readPeoplePage(serverUrl, token, new Promise(done => setTimeout(done, quietSeconds * 1000)))
  const erasing = step(['scripts/bench/retention-sweep-step.ts', 'erase', school.id])
  const during = await readPeoplePage(serverUrl, token, erasing)
  const erased = await erasing
  const quietP99 = percentile(quiet, 0.99)
  const duringP99 = percentile(during, 0.99)
  const people = `${seeded.people ?? seeded.peopleCreated ?? '~100,000'} people`
  return [
    {
      name: 'retention-preview', value: preview.ms / 1000, unit: 's', target: retentionTargets.previewSeconds,
      detail: `${people}, ${prepared} made former students past their period; found ${preview.counts.former_students} former students due`
    },
    {
      name: 'retention-erase', value: erased.ms / 1000, unit: 's', target: retentionTargets.eraseSeconds,
      detail: `${erased.erased} erased, ${erased.held} kept back (a hold, a request or a restricted record), ${erased.deleted} other records deleted`
    },
    {
      name: 'retention-longest-write', value: erased.longestMs, unit: 'ms', target: retentionTargets.longestTransactionMs,
      detail: `the longest of ${erased.transactions} transactions, from its lock taken to its commit (p99 ${erased.p99Ms.toFixed(1)} ms)`
    },
    {
      name: 'retention-people-page', value: duringP99 / quietP99, unit: '×', target: retentionTargets.pageSlowdown,
      detail: `GET /api/v1/people?limit=100 by 4 callers: p99 ${duringP99.toFixed(1)} ms during the erasure (${during.length} reads), ${quietP99.toFixed(1)} ms quiet (${quiet.length})`
    }
  ]
}

export function printRetentionRows(rows: RetentionRow[]): number {
  let missed = 0
  for (const row of rows) {
    const ok = row.value < row.target
    if (!ok) missed++
    const verdict = ok ? 'ok' : `MISSED: not under ${row.target} ${row.unit}`
    console.log(`  ${row.name.padEnd(24)}${row.value.toFixed(row.unit === 'ms' ? 1 : 2).padStart(9)} ${row.unit}  ${verdict}  (${row.detail})`)
  }
  return missed
}
