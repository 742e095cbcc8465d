/**
 * The OneRoster REST rows of `npm run bench` (issue 41), on a school of 40,000 students made for them:
 * - `oneroster-token`: the token endpoint (`POST /oauth/token`, client credentials by HTTP Basic), 200 requests one after
 *   another; target p99 under 50 ms.
 * - `oneroster-users-cold` and `oneroster-users`: the whole `users` collection paged at 10,000 as Google's conformance
 *   tests page, the first time (the objects are built by that pull) and again; target under 10 s.
 * - `oneroster-delta`: after 100 students change year, once the worker has brought the objects up to date (its lag is
 *   reported), a pull of `users` with `dateLastModified>` the instant before the changes, which finds the 100; target p50
 *   under 200 ms over 20 pulls.
 */
import { request } from 'node:http'
import { largestLimit } from '../../server/domain/oneroster/query-grammar'

export const oneRosterStudents = 40_000
export const oneRosterTargets = { tokenP99Ms: 50, wholeUsersSeconds: 10, deltaP50Ms: 200 }

interface Answer { status: number, headers: Record<string, string | string[] | undefined>, text: string, ms: number }

function send(url: string, options: { method?: string, headers?: Record<string, string>, body?: string } = {}): Promise<Answer> {
  const started = performance.now()
  return new Promise((done, fail) => {
    const sent = request(url, { method: options.method ?? 'GET', agent: false, headers: options.headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => done({
        status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started
      }))
      answer.on('error', fail)
    })
    sent.on('error', fail)
    sent.end(options.body)
  })
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!

export interface OneRosterRow { name: string, value: number, unit: 'ms' | 's', target: number, detail: string }

export async function benchOneRosterRest(
  serverUrl: string, admin: (args: string[]) => any, step: (args: string[]) => any, settle: () => Promise<void>
): Promise<OneRosterRow[]> {
  const school = admin(['school', 'create', '--name', 'Bench OneRoster School', '--time-zone', 'Australia/Sydney', '--campus', 'Main=MAIN'])
  const seeded = admin(['demo', '--school', school.id, '--students', String(oneRosterStudents)])
  // As after the bench's other schools: PostgreSQL analyses the seeded tables now, not in autovacuum's own time during the pulls.
  await settle()
  const { clientId, clientSecret } = step(['scripts/bench/oneroster-rest-step.ts', 'client', school.id])
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`
  const takeToken = () => send(`${serverUrl}/oauth/token`, {
    method: 'POST', headers: { 'authorization': basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials'
  })
  const tokenTimes: number[] = []
  let token = ''
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await takeToken()
    if (answer.status !== 200) throw new Error(`The token endpoint answered ${answer.status}: ${answer.text}`)
    tokenTimes.push(answer.ms)
    token = JSON.parse(answer.text).access_token
  }
  const pull = async (query: string) => {
    const answer = await send(`${serverUrl}/ims/oneroster/rostering/v1p2/users?${query}`, { headers: { authorization: `Bearer ${token}` } })
    if (answer.status !== 200) throw new Error(`users?${query} answered ${answer.status}: ${answer.text}`)
    return { answer, users: JSON.parse(answer.text).users as { sourcedId: string }[] }
  }
  const wholeUsers = async () => {
    const started = performance.now()
    let served = 0
    let total = Infinity
    for (let offset = 0; offset < total; offset += largestLimit) {
      const { answer, users } = await pull(`limit=${largestLimit}&offset=${offset}`)
      total = Number(answer.headers['x-total-count'])
      served += users.length
    }
    if (served !== total) throw new Error(`Paging users served ${served} of ${total}`)
    return { seconds: (performance.now() - started) / 1000, served }
  }
  const cold = await wholeUsers()
  const warm = await wholeUsers()

  const changing = (await send(`${serverUrl}/ims/oneroster/rostering/v1p2/students?limit=100`, { headers: { authorization: `Bearer ${token}` } }))
  const studentIds = (JSON.parse(changing.text).users as { sourcedId: string }[]).map(user => user.sourcedId)
  const before = new Date(Date.now() - 1000).toISOString()
  step(['scripts/bench/oneroster-rest-step.ts', 'change', school.id, studentIds.join(',')])
  const changedAt = performance.now()
  const delta = `limit=${largestLimit}&filter=${encodeURIComponent(`dateLastModified>'${before}'`)}`
  let found = 0
  while (found < 100) {
    if (performance.now() - changedAt > 120_000) throw new Error(`Two minutes after 100 changes, a delta pull finds ${found}`)
    await new Promise(resolve => setTimeout(resolve, 500))
    found = (await pull(delta)).users.length
  }
  const lagSeconds = (performance.now() - changedAt) / 1000
  const deltaTimes: number[] = []
  for (let attempt = 0; attempt < 20; attempt++) deltaTimes.push((await pull(delta)).answer.ms)

  const detail = `${seeded.students} students, ${cold.served} users`
  return [
    {
      name: 'oneroster-token', value: percentile(tokenTimes, 0.99), unit: 'ms', target: oneRosterTargets.tokenP99Ms,
      detail: `p99 of 200, p50 ${percentile(tokenTimes, 0.5).toFixed(1)} ms`
    },
    {
      name: 'oneroster-users-cold', value: cold.seconds, unit: 's', target: oneRosterTargets.wholeUsersSeconds,
      detail: `${detail}; the first pull builds the objects`
    },
    { name: 'oneroster-users', value: warm.seconds, unit: 's', target: oneRosterTargets.wholeUsersSeconds, detail },
    {
      name: 'oneroster-delta', value: percentile(deltaTimes, 0.5), unit: 'ms', target: oneRosterTargets.deltaP50Ms,
      detail: `p50 of 20 pulls finding the 100 changed (p99 ${percentile(deltaTimes, 0.99).toFixed(1)} ms); the worker had them ${lagSeconds.toFixed(1)} s after the changes`
    }
  ]
}

/** Prints the rows; answers how many missed their targets. */
export function printOneRosterRows(rows: OneRosterRow[]): number {
  let missed = 0
  for (const row of rows) {
    const ok = row.value < row.target
    if (!ok) missed++
    const verdict = ok ? 'ok' : `MISSED: not under ${row.target} ${row.unit}`
    console.log(`  ${row.name.padEnd(22)}${row.value.toFixed(row.unit === 's' ? 2 : 1).padStart(9)} ${row.unit}  ${verdict}  (${row.detail})`)
  }
  return missed
}
