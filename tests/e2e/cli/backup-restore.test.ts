import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../db/client'
import { readDatabaseConfig, sqliteFilesOf } from '../../../db/config'
import { migrateDatabase } from '../../../db/migrate'
import { createSchool } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { issueToken } from '../../../server/domain/tokens/manage-tokens'
import { adminRun } from '../../support/admin-cli'
import { callApi } from '../../support/api'
import { projectRoot, startBuiltServer, type RunningServer } from '../../support/server-process'

async function admin(databaseUrl: string, ...args: string[]): Promise<{ code: number, json: any }> {
  const { code, stdout } = await adminRun([...args, '--json'], { DATABASE_URL: databaseUrl })
  return { code, json: JSON.parse(stdout) }
}

const enquiry = (n: number) => ({
  student: { familyName: 'Backup', givenNames: `Child ${n}` },
  enquirer: { familyName: 'Backup', givenNames: `Carer ${n}`, relationship: 'mother', email: `carer${n}@example.org` },
  intendedEntryYear: 2028,
  channel: 'website'
})

const servers: RunningServer[] = []
const files: string[] = []
afterAll(async () => {
  await Promise.all(servers.map(server => server.stop()))
  for (const file of files) rmSync(resolve(projectRoot, file), { force: true })
})

describe.skipIf(readDatabaseConfig().dialect !== 'sqlite')('admin backup and restore on SQLite', () => {
  it('backs up under a stream of writes, refuses to restore under a server, restores when it is stopped, and the server serves the restored data', async () => {
    const live = `.data/backup-live-${process.pid}.db`
    const copy = `.data/backup-copy-${process.pid}.db`
    files.push(...sqliteFilesOf(live), copy)
    const liveUrl = `file:${live}`
    const setup = openDatabase(readDatabaseConfig(liveUrl))
    await migrateDatabase(setup)
    const { id: schoolId } = await createSchool(setup, { name: 'Backup school', timeZone: 'Australia/Sydney' })
    const { token } = await issueToken(
      systemContext(setup, await requireSchool(setup, schoolId), 'test'), { purpose: 'test', scopes: ['enquiry.write', 'person.read'] }
    )
    await setup.close()
    const server = await startBuiltServer({ DATABASE_URL: liveUrl, RATE_LIMIT_SCALE: '1000' })
    servers.push(server)

    // Two writers, each posting enquiries one after another until told to stop.
    const acknowledged: string[] = []
    const refusals: unknown[] = []
    let writing = true
    let n = 0
    const writer = async () => {
      while (writing && refusals.length === 0) {
        const answer = await callApi('/api/v1/enquiries', { baseUrl: server.url, token, body: enquiry(n++) })
        if (answer.status === 201) acknowledged.push(answer.body.id)
        else refusals.push(answer.body)
      }
    }
    const writers = [writer(), writer()]
    while (acknowledged.length < 20 && refusals.length === 0) await new Promise(r => setTimeout(r, 20))
    const beforeBackup = [...acknowledged]
    const backup = await admin(liveUrl, 'backup', '--out', copy)
    const duringBackup = acknowledged.length - beforeBackup.length
    writing = false
    await Promise.all(writers)
    expect(refusals).toEqual([])
    expect(backup).toMatchObject({ code: 0, json: { out: copy, pages: expect.any(Number) } })
    expect(duringBackup).toBeGreaterThan(0)

    const backedUp = new BetterSqlite3(resolve(projectRoot, copy), { readonly: true })
    expect(backedUp.pragma('integrity_check', { simple: true })).toBe('ok')
    const inCopy = new Set((backedUp.prepare('select id from enquiries').all() as { id: string }[]).map(row => row.id))
    backedUp.close()
    expect(beforeBackup.filter(id => !inCopy.has(id))).toEqual([])
    const afterBackup = await callApi('/api/v1/enquiries', { baseUrl: server.url, token, body: enquiry(n++) })
    expect(inCopy.has(afterBackup.body.id)).toBe(false)

    const refused = await admin(liveUrl, 'restore', '--from', copy, '--force')
    expect(refused.code).toBe(1)
    expect(refused.json.error.code).toBe('conflict')
    expect(refused.json.error.detail[0]).toMatch(/is in use: a server or another command has it open\. Stop it, then restore\. Nothing was changed\.$/)

    await server.stop()
    expect(await admin(liveUrl, 'restore', '--from', copy))
      .toMatchObject({ code: 1, json: { error: { code: 'conflict', detail: [expect.stringContaining('add --force')] } } })
    expect(await admin(liveUrl, 'restore', '--from', copy, '--force')).toMatchObject({ code: 0, json: { from: copy, to: live, replaced: true } })

    const restored = await startBuiltServer({ DATABASE_URL: liveUrl })
    servers.push(restored)
    const readEnquirer = async (enquiryId: string) => {
      const check = openDatabase(readDatabaseConfig(liveUrl))
      try {
        const row = check.sqliteWriter!.prepare('select enquirer_id from enquiries where id = ?').get(enquiryId) as { enquirer_id: string } | undefined
        return row?.enquirer_id
      } finally {
        await check.close()
      }
    }
    const enquirer = await readEnquirer(beforeBackup[0]!)
    expect((await callApi(`/api/v1/people/${enquirer}`, { baseUrl: restored.url, token })).body).toMatchObject({ familyName: 'Backup' })
    expect(await readEnquirer(afterBackup.body.id)).toBeUndefined()
  })
})

describe('admin backup and restore on PostgreSQL', () => {
  it('refuse, saying which pg_dump and pg_restore commands to run, without the password', async () => {
    const url = 'postgres://rollbook:s3cret-Pa55@db.internal:6432/school'
    const backup = await admin(url, 'backup', '--out', 'rollbook.dump')
    expect(backup).toEqual({ code: 1, json: { error: { code: 'unprocessable', detail: [
      'On PostgreSQL, back up with pg_dump, which copies a consistent snapshot while the servers run: pg_dump --host=db.internal --port=6432 --username=rollbook --dbname=school --format=custom --no-owner --file=rollbook.dump. It asks for the password, or reads it from PGPASSWORD or ~/.pgpass.'
    ] } } })
    const restore = await admin(url, 'restore', '--from', 'rollbook.dump')
    expect(restore).toEqual({ code: 1, json: { error: { code: 'unprocessable', detail: [
      'On PostgreSQL, stop every instance, then restore with pg_restore: pg_restore --host=db.internal --port=6432 --username=rollbook --dbname=school --clean --if-exists --no-owner --single-transaction rollbook.dump. It asks for the password, or reads it from PGPASSWORD or ~/.pgpass. Then start the instances; they migrate it forward.'
    ] } } })
  })
})
