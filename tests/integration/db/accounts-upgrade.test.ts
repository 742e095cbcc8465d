import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import postgres from 'postgres'
import { openDatabase, type Database } from '../../../db/client'
import { readDatabaseConfig, sqliteFilesOf } from '../../../db/config'
import { migrateDatabase, readMigrations } from '../../../db/migrate'
import { accessKindsOf, hasOrHadStaffAccess } from '../../../server/domain/accounts/access-kinds'
import { activeAccountByEmail } from '../../../server/domain/accounts/accounts'
import { hashSecret } from '../../../server/domain/accounts/secrets'
import { findLiveSession } from '../../../server/domain/accounts/sessions'
import { projectRoot } from '../../support/server-process'

/*
 * A database of the schema before accounts had a table of their own (parents were rows of
 * `staff_accounts` with the empty role), upgraded by today's migrations: every account keeps its id,
 * address and credentials, and opens what it opened before.
 */

const shared = readDatabaseConfig()
const folder = join(projectRoot, 'db/migrations', shared.dialect)

/** The migrations before the accounts' data move, and all of them. */
async function migrationsAroundTheMove() {
  const all = await readMigrations(path => readFileSync(join(folder, path), 'utf8'))
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const move = journal.entries.findIndex(entry => entry.tag.endsWith('_accounts_of_their_own'))
  expect(move).toBeGreaterThan(0)
  return { before: all.slice(0, move), all }
}

interface Scratch { database: Database, exec: (statements: string) => Promise<void>, drop: () => Promise<void> }

async function scratchDatabase(): Promise<Scratch> {
  if (shared.dialect === 'sqlite') {
    const path = `.data/accounts-upgrade-${process.pid}.db`
    const database = openDatabase({ dialect: 'sqlite', path })
    return {
      database,
      exec: async statements => void database.sqliteWriter!.exec(statements),
      drop: async () => {
        await database.close()
        for (const file of sqliteFilesOf(path)) rmSync(join(projectRoot, file), { force: true })
      }
    }
  }
  const name = `accounts_upgrade_${process.pid}`
  const server = postgres(shared.url, { max: 1, onnotice: () => {} })
  await server.unsafe(`drop database if exists ${name} with (force)`)
  await server.unsafe(`create database ${name}`)
  const url = new URL(shared.url)
  url.pathname = `/${name}`
  const database = openDatabase({ dialect: 'postgresql', url: url.toString() })
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} })
  return {
    database,
    exec: async statements => void await client.unsafe(statements).simple(),
    drop: async () => {
      await client.end()
      await database.close()
      await server.unsafe(`drop database if exists ${name} with (force)`)
      await server.end()
    }
  }
}

let scratch: Scratch | undefined
afterAll(async () => {
  await scratch?.drop()
})

describe(`the accounts' own table on ${shared.dialect}`, () => {
  it('is filled from staff_accounts by the upgrade: staff keep their role, families their portal, former staff their past', async () => {
    scratch = await scratchDatabase()
    const { database, exec } = scratch
    const { before, all } = await migrationsAroundTheMove()
    await migrateDatabase(database, before)
    const now = new Date().toISOString()
    const later = new Date(Date.now() + 86_400_000).toISOString()
    await exec(`
      insert into schools (id, name, time_zone, lists, modules, data_version, created_at) values
        ('sch_upgrade', 'Upgrade School', 'Australia/Sydney', '{}', '{}', 0, '2025-01-01T00:00:00.000Z');
      insert into staff_accounts (id, school_id, email, person_id, role, created_at, removed_at) values
        ('acc_admin', 'sch_upgrade', 'admin@upgrade.example', null, 'admin', '2025-01-02T00:00:00.000Z', null),
        ('acc_removed', 'sch_upgrade', 'removed@upgrade.example', null, 'teacher', '2025-01-02T00:00:00.000Z', '2025-03-01T00:00:00.000Z'),
        ('acc_parent', 'sch_upgrade', 'parent@upgrade.example', 'per_parent', '', '2025-01-03T00:00:00.000Z', null),
        ('acc_former', 'sch_upgrade', 'former@upgrade.example', 'per_former', '', '2025-01-02T00:00:00.000Z', null),
        ('acc_both', 'sch_upgrade', 'both@upgrade.example', 'per_both', 'teacher', '2025-01-02T00:00:00.000Z', null);
      insert into activity (id, school_id, at, actor, kind, subject_type, subject_id, summary, changes) values
        ('act_former', 'sch_upgrade', '2025-02-01T00:00:00.000Z', 'staff:acc_admin', 'staff.removed', 'staff', 'acc_former',
          'former@upgrade.example''s access removed', '{"role":["office",null]}');
      insert into family_access (id, school_id, account_id, person_id, created_at, created_by, ended_at, ended_by) values
        ('fam_parent', 'sch_upgrade', 'acc_parent', 'per_parent', '2025-01-03T00:00:00.000Z', 'staff:acc_admin', null, null),
        ('fam_former', 'sch_upgrade', 'acc_former', 'per_former', '2025-01-04T00:00:00.000Z', 'staff:acc_admin', null, null),
        ('fam_both', 'sch_upgrade', 'acc_both', 'per_both', '2025-01-04T00:00:00.000Z', 'staff:acc_admin', null, null);
      insert into passkeys (id, account_id, credential_id, public_key, counter, transports, name, created_at, last_used_at) values
        ('pky_parent', 'acc_parent', 'credential-parent', 'key', 0, '', 'Phone', '2025-01-03T00:00:00.000Z', null);
      insert into staff_sessions
        (id, secret_hash, account_id, school_id, method, created_at, last_seen_at, expires_at, passkey_at, preview_person_id, ended_at) values
        ('ssn_admin', '${hashSecret('admin-secret')}', 'acc_admin', 'sch_upgrade', 'passkey', '${now}', '${now}', '${later}', '${now}', null, null),
        ('ssn_parent', '${hashSecret('parent-secret')}', 'acc_parent', 'sch_upgrade', 'code', '${now}', '${now}', '${later}', null, null, null);
    `)

    await migrateDatabase(database, all)

    const { db } = database
    const account = async (email: string) => (await activeAccountByEmail(database, email))!
    expect(await account('admin@upgrade.example')).toEqual({
      id: 'acc_admin', schoolId: 'sch_upgrade', email: 'admin@upgrade.example', personId: null, createdAt: '2025-01-02T00:00:00.000Z',
      removedAt: null
    })
    expect(await activeAccountByEmail(database, 'removed@upgrade.example')).toBeUndefined()
    const opens = async (email: string) => accessKindsOf(database, await account(email))
    expect(await opens('admin@upgrade.example')).toEqual({ staff: true, family: false })
    expect(await opens('parent@upgrade.example')).toEqual({ staff: false, family: true })
    expect(await opens('former@upgrade.example')).toEqual({ staff: false, family: true })
    expect(await opens('both@upgrade.example')).toEqual({ staff: true, family: true })
    // Staff access, present and past, is a plain query now: the former member's is on file, ended when Activity said.
    expect(await hasOrHadStaffAccess(db, 'sch_upgrade', 'acc_former')).toBe(true)
    expect(await hasOrHadStaffAccess(db, 'sch_upgrade', 'acc_removed')).toBe(true)
    expect(await hasOrHadStaffAccess(db, 'sch_upgrade', 'acc_parent')).toBe(false)

    // The sessions of before still sign their holders in, as what they were.
    expect(await findLiveSession(database, 'admin-secret')).toMatchObject({ account: { id: 'acc_admin' }, staffRole: 'admin' })
    expect(await findLiveSession(database, 'parent-secret')).toMatchObject({ account: { id: 'acc_parent' }, staffRole: null })
    if (database.sqliteWriter) expect(database.sqliteWriter.prepare('pragma foreign_key_check').all()).toEqual([])
  })
})
