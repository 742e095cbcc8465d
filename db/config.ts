/** Where the data lives, read from `DATABASE_URL`: `postgres://…` for PostgreSQL, `file:PATH` or nothing for SQLite. */
export type DatabaseConfig =
  | { dialect: 'sqlite', path: string }
  | { dialect: 'postgresql', url: string }

export const defaultSqlitePath = '.data/rollbook.db'

const postgresUrl = /^postgres(ql)?:\/\//

/** The dialect `DATABASE_URL` names, refusing nothing: a malformed one is refused where the database is opened, in one line. */
export function databaseDialect(url = process.env.DATABASE_URL): DatabaseConfig['dialect'] {
  return url && postgresUrl.test(url) ? 'postgresql' : 'sqlite'
}

export function readDatabaseConfig(url = process.env.DATABASE_URL): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', path: defaultSqlitePath }
  if (postgresUrl.test(url)) return { dialect: 'postgresql', url }
  if (url.startsWith('file:')) return { dialect: 'sqlite', path: url.slice('file:'.length) }
  throw new Error('DATABASE_URL must start with postgres://, postgresql:// or file:')
}

/** Where SQLite keeps the rate-limit counters: a file of their own beside the database (db/minute-counters.ts). */
export function minuteCountersPath(path: string): string {
  return path === ':memory:' ? path : `${path}-counters`
}

/** Every file a SQLite database at `path` consists of, its write-ahead logs and its counters included. */
export function sqliteFilesOf(path: string): string[] {
  return [path, minuteCountersPath(path)].flatMap(file => [file, `${file}-wal`, `${file}-shm`])
}
