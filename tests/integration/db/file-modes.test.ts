import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../../db/client'
import { exportFiles } from '../../../db/schema'
import { backupSqlite, replaceSqlite } from '../../../db/sqlite-backup'
import { minuteCountersPath } from '../../../db/config'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { localFolderStorage } from '../../../server/domain/exports/storage/local-folder-storage'
import { newSchool } from '../../support/schools'

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

/** Files only Rollbook can read (docs/security.md, section 9): made so by each writer, whatever the process umask. */
describe('the files Rollbook writes are its own', () => {
  const root = mkdtempSync(join(tmpdir(), 'rollbook-modes-'))
  const previous = process.umask(0o022)
  afterAll(() => {
    process.umask(previous)
    rmSync(root, { recursive: true, force: true })
  })

  it('makes a SQLite database, its -wal, -shm and counters files 0600 in a folder of 0700', async () => {
    const path = join(root, 'data', 'school.db')
    const database = openDatabase({ dialect: 'sqlite', path })
    try {
      database.sqliteWriter!.exec('create table t (x); insert into t values (1)')
      expect(await database.minuteCounters.add('test')).not.toBeNull()
      for (const file of [path, `${path}-wal`, `${path}-shm`, minuteCountersPath(path), `${minuteCountersPath(path)}-wal`]) {
        expect([file, modeOf(file)]).toEqual([file, '600'])
      }
      expect(modeOf(join(root, 'data'))).toBe('700')
    } finally {
      await database.close()
    }
  })

  it('tightens a database left readable by others when it is opened', async () => {
    const path = join(root, 'loose.db')
    const first = openDatabase({ dialect: 'sqlite', path })
    first.sqliteWriter!.exec('create table t (x)')
    await first.close()
    chmodSync(path, 0o644)
    const again = openDatabase({ dialect: 'sqlite', path })
    again.sqliteWriter!.exec('insert into t values (1)')
    expect(modeOf(path)).toBe('600')
    expect(modeOf(`${path}-wal`)).toBe('600')
    await again.close()
  })

  it('writes a backup, and a restored database, 0600', async () => {
    const path = join(root, 'backed-up.db')
    const database = openDatabase({ dialect: 'sqlite', path })
    database.sqliteWriter!.exec('create table t (x); insert into t values (1)')
    const copy = join(root, 'backups', 'copy.db')
    mkdirSync(join(root, 'backups'))
    await backupSqlite(path, copy)
    await database.close()
    expect(modeOf(copy)).toBe('600')
    const restored = join(root, 'restored.db')
    await replaceSqlite(copy, restored)
    expect(modeOf(restored)).toBe('600')
  })

  it('stores export files 0600 in folders of 0700', async () => {
    const school = await newSchool()
    const folder = join(root, 'exports')
    await produceSchoolExports(school.context, { storage: localFolderStorage(folder) })
    const [file] = await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id))
    const stored = join(folder, file!.storageKey)
    expect(existsSync(stored)).toBe(true)
    expect(modeOf(stored)).toBe('600')
    for (const made of [folder, join(folder, school.id), join(folder, '.partial')]) expect([made, modeOf(made)]).toEqual([made, '700'])
  })
})
