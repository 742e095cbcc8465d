/**
 * Copies of a SQLite database for `admin backup` and `admin restore` (cli/backup-commands.ts,
 * docs/operations.md). The rate-limit counters file beside a database (db/minute-counters.ts) is never
 * copied: it holds only the current minute's counts.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { minuteCountersPath, sqliteFilesOf } from './config'
import { makePrivateFile } from './private-files'

/** A file beside `path`, on its file system, so that renaming it over `path` is atomic. */
function besideTemporary(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
}

/**
 * Copies the database at `from` to `to` while other processes read and write it: SQLite's online
 * backup, page by page. A write by another connection between two steps starts the copy again, so
 * after the first step it copies every remaining page in one step, under one read snapshot (in WAL mode
 * that holds up no writer). The copy is written beside `to` and renamed: a file at `to` is whole.
 */
export async function backupSqlite(from: string, to: string): Promise<{ pages: number, bytes: number }> {
  const source = new BetterSqlite3(from, { fileMustExist: true })
  const temporary = besideTemporary(to)
  try {
    // The copy holds everything the database does: 0600 before the first page is written.
    makePrivateFile(temporary)
    const { totalPages } = await source.backup(temporary, { progress: ({ totalPages }) => totalPages })
    // One self-contained file, not a WAL database that makes -wal and -shm files when opened.
    const copy = new BetterSqlite3(temporary)
    copy.pragma('journal_mode = DELETE')
    copy.close()
    renameSync(temporary, to)
    return { pages: totalPages, bytes: statSync(to).size }
  } finally {
    source.close()
    rmSync(temporary, { force: true })
  }
}

/**
 * Whether another connection has the database at `path` open. In WAL mode every connection keeps a
 * shared lock on the file while it is open, so an exclusive lock is refused at once (busy timeout 0)
 * while any process (a server, a CLI command) has it; one that died leaves no lock behind. The
 * rate-limit counters file is asked the same, since a server opens it on its first counted request.
 */
export function sqliteInUse(path: string): boolean {
  return [path, minuteCountersPath(path)].some((file) => {
    if (!existsSync(file)) return false
    const probe = new BetterSqlite3(file, { fileMustExist: true })
    try {
      probe.pragma('busy_timeout = 0')
      probe.pragma('locking_mode = EXCLUSIVE')
      probe.exec('BEGIN EXCLUSIVE')
      probe.exec('COMMIT')
      return false
    } catch (error) {
      if (/^SQLITE_BUSY|^SQLITE_LOCKED/.test((error as { code?: string }).code ?? '')) return true
      throw error
    } finally {
      probe.close()
    }
  })
}

/** Why the file at `path` is not a Rollbook SQLite database, or undefined when it is one. */
export function notARollbookDatabase(path: string): string | undefined {
  if (!existsSync(path)) return `There is no file ${path}.`
  let file: BetterSqlite3.Database
  try {
    file = new BetterSqlite3(path, { fileMustExist: true })
  } catch (error) {
    return `${path} cannot be opened as a SQLite database: ${(error as Error).message}.`
  }
  try {
    const integrity = file.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') return `${path} fails SQLite's integrity check: ${String(integrity)}.`
    const tables = new Set((file.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(row => row.name))
    const missing = ['__drizzle_migrations', 'schools', 'people', 'api_tokens'].filter(table => !tables.has(table))
    if (missing.length) return `${path} is a SQLite database but not a Rollbook one: it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}.`
    return undefined
  } catch (error) {
    return `${path} cannot be read as a SQLite database: ${(error as Error).message}.`
  } finally {
    file.close()
  }
}

/**
 * Puts a copy of the database at `from` in place of the one at `to` (which nothing may have open): the
 * copy is made beside `to` and renamed over it, so `to` is at every moment the old database or the new
 * one. The old one's write-ahead log goes first, since SQLite would replay it into the new file; its
 * counters go too.
 */
export async function replaceSqlite(from: string, to: string): Promise<{ pages: number, bytes: number }> {
  const temporary = besideTemporary(to)
  const source = new BetterSqlite3(from, { fileMustExist: true })
  try {
    makePrivateFile(temporary)
    const { totalPages } = await source.backup(temporary)
    for (const file of sqliteFilesOf(to).filter(file => file !== to)) rmSync(file, { force: true })
    renameSync(temporary, to)
    return { pages: totalPages, bytes: statSync(to).size }
  } finally {
    source.close()
    for (const file of [temporary, `${temporary}-wal`, `${temporary}-shm`]) rmSync(file, { force: true })
  }
}
