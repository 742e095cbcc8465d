/**
 * `npm start`: brings the database up to date, builds the app when the build is missing or older than
 * the sources, then serves on PORT (3000); the server says what the database holds and how to get in.
 *
 * On an empty database it makes a demo school only on the embedded SQLite default, or when asked
 * (`npm start -- --demo`, `ROLLBOOK_DEMO=on`; `ROLLBOOK_DEMO=off` never): a school named in
 * `DATABASE_URL` may be a real one. The demo's token lasts a week and never holds `restricted.read`.
 * `--no-build` serves the existing `.output` as it is.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { openDatabase, type Database } from '../db/client'
import { databaseFailureLine } from '../db/failure'
import { migrateDatabase } from '../db/migrate'
import { keepNewFilesPrivate } from '../db/private-files'
import { readStartOptions, type StartOptions } from '../server/domain/setup/start-options'
import { buildApp, buildIsStale, builtServer } from './build-freshness'
import { serverNodeFlags } from './server-flags'
import { listeningPort } from '../server/domain/shared/public-url'

// The server's sign-in links and passkeys name this port on localhost unless PUBLIC_URL says otherwise (publicUrl).
const port = listeningPort()

/** Stops with one line on stderr: no stack for a mistake in the settings or an unreachable database. */
function stop(line: string): never {
  console.error(line)
  process.exit(1)
}

/** Fails in one line before building when the database cannot be reached or migrated; the server migrates again, finding nothing to do. */
async function checkDatabase() {
  let database: Database | undefined
  try {
    database = openDatabase()
    await migrateDatabase(database)
  } catch (error) {
    await database?.close().catch(() => {})
    stop(databaseFailureLine(error))
  }
  await database.close()
}

let options: StartOptions
try {
  options = readStartOptions(process.argv.slice(2))
} catch (error) {
  stop((error as Error).message)
}
// The database and everything the server writes are this account's alone (docs/operations.md, "File
// modes"); the build is ordinary code, made with the umask it was given.
const givenUmask = keepNewFilesPrivate()
await checkDatabase()
if (options.build && buildIsStale()) {
  console.log('Building Rollbook (about a minute on a fresh machine)…')
  process.umask(givenUmask)
  buildApp()
  keepNewFilesPrivate()
}
if (!existsSync(builtServer)) stop('There is no build to serve: run npm start without --no-build, or npm run build.')
// The server says what the database holds and how to get in (server/domain/setup/first-start.ts), deciding on
// the demo school from ROLLBOOK_DEMO alone: --demo reaches it that way.
const server = spawn(
  process.execPath, [...serverNodeFlags, builtServer],
  { stdio: 'inherit', env: { ...process.env, PORT: port, ROLLBOOK_DEMO: options.demo ? 'on' : 'off' } }
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', code => process.exit(code ?? 0))
