import { openDatabase, type Database } from '../../db/client'
import { apiError } from './errors'

type DatabaseState = 'starting' | 'healthy' | 'failed'

let database: Database | undefined
let state: DatabaseState = 'starting'
let ready: Promise<Database> | undefined

/** Opens the database and runs `prepare` (migrations) once; requests wait for it instead of racing it. */
export function startDatabase(prepare: (database: Database) => Promise<void>) {
  database = openDatabase()
  const opened = database
  ready = prepare(opened).then(() => {
    state = 'healthy'
    return opened
  }, (error) => {
    state = 'failed'
    console.error('Database migration failed:', error)
    throw error
  })
  ready.catch(() => {})
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

export async function databaseHealth(): Promise<DatabaseState | 'unreachable'> {
  if (state !== 'healthy' || !database) return state
  try {
    await database.ping()
    return 'healthy'
  } catch {
    return 'unreachable'
  }
}
