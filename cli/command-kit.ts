/** What every admin command shares: its database, its `--json` switch, and how it answers and refuses. */
import { openDatabase, type Database } from '../db/client'
import { databaseFailureLine } from '../db/failure'
import { migrateDatabase } from '../db/migrate'

/** A refusal the CLI makes itself, with the error code it reports under `--json`. */
export class Refusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message)
  }
}

/** Runs a command against a migrated database; a database that cannot be reached is one refusal line. */
export async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  let database: Database | undefined
  try {
    database = openDatabase()
    await migrateDatabase(database)
  } catch (error) {
    await database?.close().catch(() => {})
    throw new Refusal('database_unavailable', databaseFailureLine(error))
  }
  try {
    await work(database)
  } finally {
    await database.close()
  }
}

export function report(json: boolean, value: unknown, human: string) {
  console.log(json ? JSON.stringify(value) : human)
}

export const json = { type: 'boolean', description: 'Print only JSON on stdout (errors too, as {"error":{"code","detail"}})', default: false } as const
