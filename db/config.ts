/** Where the data lives, read from `DATABASE_URL`: `postgres://…` for PostgreSQL, `file:PATH` or nothing for SQLite. */
export type DatabaseConfig =
  | { dialect: 'sqlite', path: string }
  /** `replicaUrl`: a streaming replica for the reads that tolerate a few seconds' lag (`DATABASE_REPLICA_URL`, docs/read-replica.md). */
  | { dialect: 'postgresql', url: string, replicaUrl?: string }

export const defaultSqlitePath = '.data/rollbook.db'

const postgresUrl = /^postgres(ql)?:\/\//

/** The dialect `DATABASE_URL` names, refusing nothing: a malformed one is refused where the database is opened, in one line. */
export function databaseDialect(url = process.env.DATABASE_URL): DatabaseConfig['dialect'] {
  return url && postgresUrl.test(url) ? 'postgresql' : 'sqlite'
}

export function readDatabaseConfig(url = process.env.DATABASE_URL, replicaUrl = process.env.DATABASE_REPLICA_URL || undefined): DatabaseConfig {
  const dialect = url && postgresUrl.test(url) ? 'postgresql' : 'sqlite'
  // A replica of a SQLite file means nothing: refused rather than quietly ignored, so no one believes reads are spread.
  if (replicaUrl && dialect === 'sqlite') throw new Error('DATABASE_REPLICA_URL is for PostgreSQL only: unset it, or set DATABASE_URL to a postgres:// address')
  if (replicaUrl && !postgresUrl.test(replicaUrl)) throw new Error('DATABASE_REPLICA_URL must start with postgres:// or postgresql://')
  if (!url) return { dialect: 'sqlite', path: defaultSqlitePath }
  if (dialect === 'postgresql') return replicaUrl ? { dialect, url, replicaUrl } : { dialect, url }
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
