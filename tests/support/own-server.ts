import { rmSync } from 'node:fs'
import postgres from 'postgres'
import { resolve } from 'node:path'
import { openDatabase, type Database } from '../../db/client'
import { readDatabaseConfig, sqliteFilesOf } from '../../db/config'
import { createSchool } from '../../server/domain/schools/create-school'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import type { Scope } from '../../server/domain/access/catalogue'
import { projectRoot, startBuiltServer, type RunningServer } from './server-process'

export interface OwnServer {
  server: RunningServer
  /** The test process's connection to the server's database. */
  database: Database
  databaseUrl: string
  /** A new school on that database and a token of it with `scopes`. */
  schoolWithToken: (scopes: Scope[]) => Promise<{ schoolId: string, token: string }>
  stop: () => Promise<void>
}

/**
 * A server of the test's own, on a database of its own where the dialect allows it: on SQLite a
 * file of its own, since a test that holds that file's lock for seconds or renames its tables would
 * stall or break every other test file on the shared one. On PostgreSQL the tests share one database,
 * unless `isolated` asks for a database of its own (made here, dropped at the end): a test that needs
 * its own server's workers to be the ones that claim a row cannot share the rows with the shared
 * server's workers.
 */
export async function startServerOnOwnDatabase(name: string, env: Record<string, string> = {}, options: { isolated?: boolean } = {}): Promise<OwnServer> {
  const shared = readDatabaseConfig()
  const path = `.data/${name}-${process.pid}.db`
  const isolatedName = `rollbook_${name.replace(/\W/g, '_')}_${process.pid}`
  let databaseUrl = shared.dialect === 'sqlite' ? `file:${path}` : process.env.DATABASE_URL!
  if (shared.dialect === 'postgresql' && options.isolated) {
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists "${isolatedName}"`)
    await admin.unsafe(`create database "${isolatedName}"`)
    await admin.end()
    const url = new URL(databaseUrl)
    url.pathname = `/${isolatedName}`
    databaseUrl = url.toString()
  }
  const server = await startBuiltServer({ DATABASE_URL: databaseUrl, ...env })
  const database = openDatabase(readDatabaseConfig(databaseUrl))
  return {
    server,
    database,
    databaseUrl,
    async schoolWithToken(scopes) {
      const { id } = await createSchool(database, { name: `${name} school`, timeZone: 'Australia/Sydney' })
      const ctx = systemContext(database, await requireSchool(database, id), 'test')
      return { schoolId: id, token: (await issueToken(ctx, { purpose: 'test', scopes })).token }
    },
    async stop() {
      await server.stop()
      await database.close()
      if (shared.dialect === 'sqlite') for (const file of sqliteFilesOf(path)) rmSync(resolve(projectRoot, file), { force: true })
      if (shared.dialect === 'postgresql' && options.isolated) {
        const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
        await admin.unsafe(`drop database if exists "${isolatedName}"`)
        await admin.end()
      }
    }
  }
}
