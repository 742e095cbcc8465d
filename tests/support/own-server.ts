import { rmSync } from 'node:fs'
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
 * stall or break every other test file on the shared one. On PostgreSQL the tests have one database.
 */
export async function startServerOnOwnDatabase(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const shared = readDatabaseConfig()
  const path = `.data/${name}-${process.pid}.db`
  const databaseUrl = shared.dialect === 'sqlite' ? `file:${path}` : process.env.DATABASE_URL!
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
    }
  }
}
