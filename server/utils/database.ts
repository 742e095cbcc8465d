import { openDatabase, type Database } from '../../db/client'
import { databaseFailureLine } from '../../db/failure'
import { apiError } from './errors'
import { logger } from '../domain/shared/log'

type DatabaseState = 'starting' | 'healthy' | 'failed'

let database: Database | undefined
let state: DatabaseState = 'starting'
let ready: Promise<Database> | undefined

/**
 * Opens the database and runs `prepare` (migrations) once; requests wait for it instead of racing it.
 * A database that cannot be opened, reached or migrated is one line in the log, with no password and
 * no stack, and `/health` answers `unhealthy`.
 */
export function startDatabase(prepare: (database: Database) => Promise<void>) {
  ready = (async () => {
    database = openDatabase()
    await prepare(database)
    state = 'healthy'
    return database
  })()
  ready.catch((error) => {
    state = 'failed'
    logger.error(databaseFailureLine(error))
  })
  return ready
}

/** The database, once migrated; fails as `internal` when it could not be prepared. */
export async function useDatabase(): Promise<Database> {
  if (!ready) throw new Error('The database was not started')
  try {
    return await ready
  } catch {
    throw apiError('internal', ['The database is not available.'])
  }
}

/** Closes the database at shutdown, once the workers have stopped; a database that never opened has nothing to close. */
export async function closeDatabase(): Promise<void> {
  const open = await ready?.catch(() => undefined)
  await open?.close()
}

export async function databaseHealth(): Promise<DatabaseState | 'unreachable'> {
  if (state !== 'healthy' || !database) return state
  try {
    await database.ping()
    return 'healthy'
  } catch {
    return 'unreachable'
  }
}
