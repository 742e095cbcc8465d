import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { readDatabaseConfig, sqliteFilesOf } from '../../db/config'
import { openDatabase } from '../../db/client'
import { migrateDatabase } from '../../db/migrate'
import { projectRoot } from './server-process'
import { oncePerRun } from './once-per-run'

/** Gives the database a clean slate: the SQLite file is removed; PostgreSQL's schemas are dropped. */
async function resetDatabase() {
  const config = readDatabaseConfig()
  if (config.dialect === 'sqlite') {
    for (const file of sqliteFilesOf(config.path)) rmSync(resolve(projectRoot, file), { force: true })
    return
  }
  const client = postgres(config.url, { max: 1, onnotice: () => {} })
  await client.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
  await client.end()
}

/** The test database of this run, reset and migrated once, whichever projects need it. */
export function freshTestDatabase(): Promise<void> {
  return oncePerRun('database', async () => {
    await resetDatabase()
    const database = openDatabase()
    try {
      await migrateDatabase(database)
    } finally {
      await database.close()
    }
  })
}

/** Global setup of the projects that read and write the database (`DATABASE_URL`, see vitest.config.ts). */
export async function setup() {
  await freshTestDatabase()
}
