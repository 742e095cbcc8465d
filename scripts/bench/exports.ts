/**
 * The export rows of `npm run bench`: a school of 100,000 people, its files produced (seconds, and
 * the producing process's peak RSS) and the people file downloaded from the built server (seconds,
 * and the server's peak RSS before and after, which must not grow with the file: it is streamed).
 * Targets: production under 10 s, every peak under 256 MB.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { projectRoot as root, startBuiltServer } from '../built-server'
import type { BenchDatabase } from './databases'
import { peakRssMb } from './peak-memory'

export const exportBenchPeople = 100_000
const targetSeconds = 10
const targetRssMb = 256

function tsx(database: BenchDatabase, args: string[]): any {
  const printed = execFileSync(
    resolve(root, 'node_modules/.bin/tsx'), args,
    { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }
  )
  return JSON.parse(printed.trim().split('\n').at(-1)!)
}

export async function benchExports(database: BenchDatabase, build: string) {
  const school = tsx(database, ['cli/admin.ts', 'school', 'create', '--name', 'Export Bench School', '--time-zone', 'Australia/Sydney', '--json'])
  tsx(database, ['scripts/bench/export-producer.ts', 'seed', school.id, String(exportBenchPeople)])
  const produced = tsx(database, ['scripts/bench/export-producer.ts', 'produce', school.id])
  const token = tsx(database, ['cli/admin.ts', 'token', 'issue', '--school', school.id, '--purpose', 'bench', '--scopes', 'export.read', '--json']).token
  const server = await startBuiltServer({ mode: 'bench', outputDir: build, env: { DATABASE_URL: database.url, RATE_LIMIT_SCALE: '100000' } })
  try {
    const headers = { authorization: `Bearer ${token}` }
    const listing = await (await fetch(`${server.url}/api/v1/exports`, { headers })).json() as { files: { key: string, url: string, rows: number }[] }
    const people = listing.files.find(file => file.key === 'people')!
    const before = peakRssMb(server.process.pid!)
    const began = performance.now()
    const response = await fetch(server.url + people.url, { headers })
    let bytes = 0
    const reader = response.body!.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length
    const downloadSeconds = (performance.now() - began) / 1000
    const after = peakRssMb(server.process.pid!)
    const missed = [
      produced.seconds < targetSeconds ? '' : `production not under ${targetSeconds} s`,
      produced.peakRssMb < targetRssMb ? '' : `producer RSS not under ${targetRssMb} MB`,
      after < targetRssMb ? '' : `server RSS not under ${targetRssMb} MB`
    ].filter(Boolean)
    console.log(
      `  exports: ${people.rows.toLocaleString('en')} people, ${(bytes / 1048576).toFixed(1)} MB file: produced in ${produced.seconds.toFixed(2)} s (all ${listing.files.length} files; producer peak RSS ${produced.peakRssMb.toFixed(0)} MB), downloaded in ${downloadSeconds.toFixed(2)} s (server peak RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after)  ${missed.length ? 'MISSED: ' + missed.join('; ') : 'ok'}`
    )
    return missed.length
  } finally {
    await server.stop()
  }
}
