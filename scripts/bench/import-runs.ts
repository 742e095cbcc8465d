/**
 * The imports' rows of `npm run bench`: an 8 MiB people sync (about 100,000 people) staged, applied
 * and reverted, and a 5,000-row staff import, timed in seconds, each with its own peak resident memory:
 * the server's (VmHWM, reset before each job through /proc/<pid>/clear_refs, so a row is not charged
 * with what came before it), and the revert's own process's. Targets: stage under 5 s, apply and
 * revert under 30 s, every peak under 512 MB (docs/performance.md, "Imports").
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { readDatabaseConfig } from '../../db/config'
import { projectRoot } from '../built-server'
import { peakRssMb, resetPeak, wholeLifeNote } from './peak-memory'
import { timedRequest } from './one-request'

export const importTargets = { stageSeconds: 5, applySeconds: 30, peakMb: 512 }

/** A sync file of just under 8 MiB: about 100,000 people with year levels. */
function peopleSyncFile(): string {
  const lines = ['id,familyName,givenNames,dateOfBirth,yearLevel']
  let size = lines[0]!.length + 1
  for (let i = 0; size < 8 * 1024 * 1024 - 200; i++) {
    const line =
      `SIS-${String(i).padStart(9, '0')},Familyname-Longer-${String(i % 9973).padStart(5, '0')},Given Names ${String(i % 7919).padStart(5, '0')} Middle Names,20${10 + (i % 9)}-0${1 + (i % 9)}-1${i % 10},${1 + (i % 12)}`
    lines.push(line)
    size += line.length + 1
  }
  return lines.join('\n') + '\n'
}

function staffFile(rows: number): string {
  const lines = ['Emp No,Surname,First Names,Start,End,Position,Check,Check No,Check Expiry']
  for (let i = 0; i < rows; i++) lines.push(
    `E${i},Staff${i},Given ${i},0${1 + (i % 9)}/0${1 + (i % 9)}/2015,${i % 10 === 0 ? '31/12/2024' : ''},Teacher,WWCC,WWC${i},31/12/2030`
  )
  return lines.join('\r\n') + '\r\n'
}

/** A heavy job's row: its seconds and its own peak resident memory, with the seconds it must stay under. */
export interface JobRow { name: string, seconds: number, peakMb: number, target: number, detail: string }

type Admin = (args: string[]) => any

/** A run's status and reason, read from the database as the screens would see it. */
export type RunStatusReader = (runId: string) => Promise<{ status: string, reason: string | null }>

/**
 * Reads runs' statuses straight from the bench's database: polling with the CLI started a Node
 * process four times a second, which on a two-core machine took a core from the server it timed.
 */
export function runStatusReader(url: string): { read: RunStatusReader, close: () => Promise<void> } {
  const config = readDatabaseConfig(url)
  const query = 'select status, reason from sync_runs where id = '
  if (config.dialect === 'sqlite') {
    const reader = new BetterSqlite3(resolve(projectRoot, config.path), { readonly: true })
    const statement = reader.prepare(`${query}?`)
    return { read: async runId => statement.get(runId) as { status: string, reason: string | null }, close: async () => void reader.close() }
  }
  const client = postgres(config.url, { max: 1, onnotice: () => {} })
  return {
    read: async runId => (await client.unsafe<{ status: string, reason: string | null }[]>(`${query}$1`, [runId]))[0]!,
    close: () => client.end({ timeout: 1 })
  }
}

/** Waits for a run to reach `status` and returns the seconds it took. */
async function waitFor(read: RunStatusReader, runId: string, status: string): Promise<number> {
  const started = performance.now()
  for (;;) {
    const shown = await read(runId)
    if (shown.status === status) return (performance.now() - started) / 1000
    if (['failed', 'cancelled'].includes(shown.status) || (shown.status === 'paused' && status !== 'paused')) {
      throw new Error(`The run is ${shown.status}: ${shown.reason ?? ''}`)
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

/** Runs the imports' rows against a server that has `schoolId` and its own token. */
export async function benchImports(
  serverUrl: string, serverPid: number, schoolId: string, admin: Admin, readRun: RunStatusReader, step: (args: string[]) => any
): Promise<JobRow[]> {
  const token = admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench imports', '--scopes', 'staff.import,people.sync']).token as string
  const mappingFile = join(tmpdir(), `rollbook-bench-mapping-${process.pid}.json`)
  writeFileSync(mappingFile, JSON.stringify({ name: 'Bench payroll', columns: {
    employeeId: 'Emp No', familyName: 'Surname', givenNames: 'First Names', startDate: 'Start', endDate: 'End', role: 'Position', checkType: 'Check',
    checkNumber: 'Check No', checkExpiry: 'Check Expiry'
  }, dateFormat: 'DD/MM/YYYY' }))
  const mappingId = admin(['hris-mapping', 'save', '--school', schoolId, '--file', mappingFile]).id as string

  let reset = resetPeak(serverPid)
  const staff = await timedRequest(`${serverUrl}/api/v1/staff/import`, token, { mappingId, csv: staffFile(5000) })
  const rows: JobRow[] = [{
    name: 'staff-import', seconds: staff.seconds, peakMb: peakRssMb(serverPid), target: importTargets.applySeconds,
    detail: `${staff.json.counts.created} created, ${staff.json.counts.checks} checks${wholeLifeNote(reset)}`
  }]

  const file = peopleSyncFile()
  reset = resetPeak(serverPid)
  const staged = await timedRequest(`${serverUrl}/api/v1/people/sync`, token, { system: 'bench-sis', scope: 'full', file })
  rows.push({
    name: 'sync-stage', seconds: staged.seconds, peakMb: peakRssMb(serverPid), target: importTargets.stageSeconds,
    detail: `${(Buffer.byteLength(file) / 1048576).toFixed(2)} MiB, ${staged.json.run.rows} rows${wholeLifeNote(reset)}`
  })
  const runId = staged.json.run.id as string
  const planned = await waitFor(readRun, runId, 'paused')
  reset = resetPeak(serverPid)
  admin(['sync', 'confirm', '--run', runId])
  const applied = await waitFor(readRun, runId, 'applied')
  rows.push({
    name: 'sync-apply', seconds: applied, peakMb: peakRssMb(serverPid), target: importTargets.applySeconds,
    detail: `first run planned and paused in ${planned.toFixed(1)} s${wholeLifeNote(reset)}`
  })
  const reverted = step(['scripts/bench/revert-run.ts', schoolId, runId])
  rows.push({
    name: 'sync-revert', seconds: reverted.seconds, peakMb: reverted.peakRssMb, target: importTargets.applySeconds,
    detail: `${staged.json.run.rows} people, ${reverted.status}, its own process`
  })
  return rows
}

/** Prints the rows under `heading`; returns how many missed a target. */
export function printJobRows(heading: string, rows: JobRow[]): number {
  console.log(`  ${heading.padEnd(17)}${'seconds'.padStart(9)}${'peak MB'.padStart(9)}  verdict`)
  let missed = 0
  for (const row of rows) {
    const problems = [
      ...(row.seconds < row.target ? [] : [`not under ${row.target} s`]),
      ...(!(row.peakMb >= importTargets.peakMb) ? [] : [`peak not under ${importTargets.peakMb} MB`])
    ]
    if (problems.length) missed++
    console.log(
      `  ${row.name.padEnd(17)}${row.seconds.toFixed(2).padStart(9)}${row.peakMb.toFixed(0).padStart(9)}  ${problems.length ? 'MISSED: ' + problems.join('; ') : 'ok'}  (${row.detail})`
    )
  }
  return missed
}
