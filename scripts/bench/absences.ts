/**
 * The absences row of `npm run bench` (issue 39). The attendance system's batch after the morning register: 10,000
 * absences with no report, posted to `POST /api/v1/absences/unexplained` in requests of 500 at the large school, whose
 * adults have a number the bench's own Kannel takes texts for. Measured: the seconds until the last request was
 * accepted, and until every family was notified: each absence's notice written, and a delivery of it to one of the
 * child's adults handed over (a text Kannel took, or a mail the bench's SMTP server has), or settled with nobody to tell. Target: within 2 minutes.
 * Before it, on a quiet server, the office's day list of the demo school (2,000 students, today's absences written by the
 * setup), with an administrator's session cookie. Target: p50 under 100 ms.
 */
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { readDatabaseConfig } from '../../db/config'
import { projectRoot } from '../built-server'
import { startKannel } from '../../tests/support/kannel'
import { measure, type LoadSettings } from './measure'

export const absenceTargets = { absences: 10_000, notifiedSeconds: 120, dayListP50Ms: 100 }
const perRequest = 500
const deadlineSeconds = 300

/** How many of the school's absences of the day are settled: told through a channel that handed over, or nobody to tell. */
function notifiedCounter(url: string) {
  const config = readDatabaseConfig(url)
  // Told: a delivery of the notice to one of the child's own adults was handed over (a notice tells a batch's families),
  // or none of them is to be told (standing withheld every one: a protected child's).
  const query = `select count(*) as n from unexplained_absences u where u.school_id = $1 and u.day = $2 and u.notice_at is not null and (
    u.message_id is null
    or not exists (select 1 from parental_responsibilities p join message_recipients r on r.school_id = p.school_id and r.adult_id = p.adult_id
      where p.child_id = u.child_id and r.message_id = u.message_id and r.status <> 'withheld')
    or exists (select 1 from parental_responsibilities p join notification_deliveries d on d.adult_id = p.adult_id
      where p.child_id = u.child_id and d.message_id = u.message_id and d.status in ('sent', 'delivered'))
    or exists (select 1 from parental_responsibilities p join message_recipients r on r.school_id = p.school_id and r.adult_id = p.adult_id
      where p.child_id = u.child_id and r.message_id = u.message_id and r.status = 'sent'))`
  const noticed = 'select count(*) as n from unexplained_absences where school_id = $1 and day = $2 and notice_at is not null'
  if (config.dialect === 'sqlite') {
    const reader = new BetterSqlite3(resolve(projectRoot, config.path), { readonly: true })
    const ask = (text: string) => reader.prepare(text.replace('$1', '?').replace('$2', '?'))
    const [notified, written] = [ask(query), ask(noticed)]
    return {
      notified: async (schoolId: string, day: string) => Number((notified.get(schoolId, day) as { n: number }).n),
      noticed: async (schoolId: string, day: string) => Number((written.get(schoolId, day) as { n: number }).n),
      close: async () => void reader.close()
    }
  }
  const client = postgres(config.url, { max: 1, onnotice: () => {} })
  const read = async (text: string, schoolId: string, day: string) => Number((await client.unsafe<{ n: string }[]>(text, [schoolId, day]))[0]!.n)
  return {
    notified: (schoolId: string, day: string) => read(query, schoolId, day),
    noticed: (schoolId: string, day: string) => read(noticed, schoolId, day),
    close: () => client.end({ timeout: 1 })
  }
}

export interface AbsencesRow {
  absences: number
  acceptSeconds: number
  slowestRequestSeconds: number
  noticedSeconds: number
  notifiedSeconds: number
  notified: number
  dayList: { p50Ms: number, p99Ms: number, lines: number }
  missed: string[]
}

export interface AbsencesOptions {
  serverUrl: string
  databaseUrl: string
  largeSchoolId: string
  demoSchoolId: string
  demoCookie: string
  settings: LoadSettings
  step: (args: string[]) => { token: string, personIds: string[], today: string, dayList: { reported: number, unexplained: number } }
}

export async function benchAbsences(options: AbsencesOptions): Promise<AbsencesRow> {
  const kannel = await startKannel()
  const counter = notifiedCounter(options.databaseUrl)
  try {
    const setup = options.step(['scripts/bench/absences-setup.ts', options.largeSchoolId, options.demoSchoolId, kannel.sendsmsUrl, kannel.username,
      kannel.password, String(absenceTargets.absences)])
    const missed: string[] = []
    if (setup.personIds.length < absenceTargets.absences) missed.push(`only ${setup.personIds.length} students on the roll`)
    // The office's day list first, on a quiet server, as the office reads it before the register.
    const headers = { cookie: options.demoCookie }
    const path = `${options.serverUrl}/api/app/absences?day=${setup.today}&limit=100`
    const first = await fetch(path, { headers })
    const body = await first.json() as { counts?: { reported: number, unexplained: number } }
    const lines = (body.counts?.reported ?? 0) + (body.counts?.unexplained ?? 0)
    if (!first.ok || lines < setup.dayList.reported + setup.dayList.unexplained) throw new Error(`the day list answered ${first.status} with ${lines} lines`)
    const result = await measure(path, headers, options.settings)
    if (!(result.p50Ms < absenceTargets.dayListP50Ms)) missed.push(`day list p50 not under ${absenceTargets.dayListP50Ms} ms`)
    if (result.failures) missed.push(`${result.failures} day list requests failed`)
    const started = performance.now()
    let slowest = 0
    for (let from = 0; from < setup.personIds.length; from += perRequest) {
      const sentAt = performance.now()
      const answer = await fetch(`${options.serverUrl}/api/v1/absences/unexplained`, {
        method: 'POST',
        headers: { 'authorization': `Bearer ${setup.token}`, 'content-type': 'application/json', 'idempotency-key': `bench-register-${from}` },
        body: JSON.stringify({ absences: setup.personIds.slice(from, from + perRequest).map(personId => ({ personId, day: setup.today })) })
      })
      if (answer.status !== 201) throw new Error(`POST /api/v1/absences/unexplained answered ${answer.status}: ${await answer.text()}`)
      slowest = Math.max(slowest, (performance.now() - sentAt) / 1000)
    }
    const acceptSeconds = (performance.now() - started) / 1000
    const expected = setup.personIds.length
    let noticedSeconds = Number.NaN
    let notified = 0
    while (performance.now() - started < deadlineSeconds * 1000) {
      if (Number.isNaN(noticedSeconds) && await counter.noticed(options.largeSchoolId, setup.today) >= expected) {
        noticedSeconds = (performance.now() - started) / 1000
      }
      notified = await counter.notified(options.largeSchoolId, setup.today)
      if (notified >= expected) break
      await new Promise(done => setTimeout(done, 250))
    }
    const notifiedSeconds = (performance.now() - started) / 1000
    if (notified < expected) missed.push(`${expected - notified} families not notified after ${deadlineSeconds} s`)
    else if (!(notifiedSeconds < absenceTargets.notifiedSeconds)) missed.push(`notified in not under ${absenceTargets.notifiedSeconds} s`)

    return {
      absences: expected, acceptSeconds, slowestRequestSeconds: slowest, noticedSeconds, notifiedSeconds, notified,
      dayList: { p50Ms: result.p50Ms, p99Ms: result.p99Ms, lines }, missed
    }
  } finally {
    await counter.close()
    await kannel.stop()
  }
}

export function printAbsencesRow(row: AbsencesRow): number {
  const count = (n: number) => n.toLocaleString('en')
  const requests = Math.ceil(row.absences / perRequest)
  console.log(`  absences: ${count(row.absences)} unexplained posted in ${requests} requests, accepted in ${row.acceptSeconds.toFixed(1)} s`
    + ` (slowest request ${row.slowestRequestSeconds.toFixed(2)} s); every notice written in ${row.noticedSeconds.toFixed(1)} s; ${count(row.notified)} families notified`
    + ` in ${row.notifiedSeconds.toFixed(1)} s (target < ${absenceTargets.notifiedSeconds} s); day list of ${row.dayList.lines} lines p50 ${row.dayList.p50Ms.toFixed(1)} ms,`
    + ` p99 ${row.dayList.p99Ms.toFixed(1)} ms (target p50 < ${absenceTargets.dayListP50Ms} ms)  ${row.missed.length ? 'MISSED: ' + row.missed.join('; ') : 'ok'}`)
  return row.missed.length ? 1 : 0
}
