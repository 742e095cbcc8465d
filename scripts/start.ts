/**
 * `npm start`: brings the database up to date, builds the app when the build is missing or older than
 * the sources, says what the database holds and how to get in, then serves on PORT (3000).
 *
 * On an empty database it makes a demo school only on the embedded SQLite default, or when asked
 * (`npm start -- --demo`, `ROLLBOOK_DEMO=on`; `ROLLBOOK_DEMO=off` never): a school named in
 * `DATABASE_URL` may be a real one. The demo's token lasts a week and never holds `restricted.read`.
 * `--no-build` serves the existing `.output` as it is.
 */
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from '../db/client'
import { databaseFailureLine } from '../db/failure'
import { migrateDatabase } from '../db/migrate'
import { createSchool } from '../server/domain/schools/create-school'
import { requireSchool } from '../server/domain/schools/find-school'
import { issueToken } from '../server/domain/tokens/manage-tokens'
import { scopeNames } from '../server/domain/tokens/scopes'
import { systemContext } from '../server/domain/shared/context'
import { seedDemoSchool } from './demo/seed-demo-school'
import { listSchools } from '../cli/school-list'
import { addStaffWithLink } from '../cli/staff-commands'
import { readStartOptions, type StartOptions } from './start/options'
import { demoBanner, emptyDatabaseBanner, schoolsBanner } from './start/banners'

const root = resolve(import.meta.dirname, '..')
const builtServer = join(root, '.output/server/index.mjs')
const sourceFolders = ['server', 'pages', 'components', 'composables', 'db', 'public']
const port = process.env.PORT ?? '3000'
// Sign-in links and passkeys name the address people open: this port on localhost unless PUBLIC_URL says otherwise.
process.env.PUBLIC_URL ||= `http://localhost:${port}`
const demoTokenDays = 7
const demoWithheldScopes = ['restricted.read'] as const
const demoAdministrator = 'admin@example.org'

function newestSourceChange(): number {
  let newest = statSync(join(root, 'nuxt.config.ts')).mtimeMs
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const stat = statSync(path)
      if (stat.isDirectory()) walk(path)
      else newest = Math.max(newest, stat.mtimeMs)
    }
  }
  sourceFolders.forEach(folder => walk(join(root, folder)))
  return newest
}

/** Stops with one line on stderr: no stack for a mistake in the settings or an unreachable database. */
function stop(line: string): never {
  console.error(line)
  process.exit(1)
}

async function openMigratedDatabase(): Promise<Database> {
  let database: Database | undefined
  try {
    database = openDatabase()
    await migrateDatabase(database)
    return database
  } catch (error) {
    await database?.close().catch(() => {})
    stop(databaseFailureLine(error))
  }
}

/** The demo school with a token for trying the API (a week long, every scope but the restricted records) and an administrator's sign-in link. */
async function makeDemoSchool(database: Database) {
  const { id } = await createSchool(database, { name: 'Demo School', timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
  const school = await requireSchool(database, id)
  const summary = await seedDemoSchool(systemContext(database, school, 'demo'), { students: 200 })
  const scopes = scopeNames.filter(scope => !(demoWithheldScopes as readonly string[]).includes(scope))
  const token = await issueToken(database, { schoolId: id, purpose: `Demo: every scope but ${demoWithheldScopes.join(', ')}, for ${demoTokenDays} days`, scopes, expiresInDays: demoTokenDays })
  const administrator = await addStaffWithLink(database, { schoolId: id, email: demoAdministrator, role: 'admin' })
  return demoBanner({ school, summary, port, token: { token: token.token, expiresOn: token.expiresOn, days: demoTokenDays, scopes, withheld: demoWithheldScopes }, administrator: { email: demoAdministrator, link: administrator.signInLink } })
}

/** What to print before serving: the demo's token, the schools there are, or how to make the first. */
async function describeDatabase(database: Database, options: StartOptions): Promise<string> {
  const schools = await listSchools(database)
  if (schools.length) return schoolsBanner(schools, port)
  return options.demo ? makeDemoSchool(database) : emptyDatabaseBanner()
}

let options: StartOptions
try {
  options = readStartOptions(process.argv.slice(2))
} catch (error) {
  stop((error as Error).message)
}
const database = await openMigratedDatabase()
if (options.build && (!existsSync(builtServer) || statSync(builtServer).mtimeMs < newestSourceChange())) {
  console.log('Building Rollbook (about a minute on a fresh machine)…')
  execFileSync(join(root, 'node_modules/.bin/nuxt'), ['build'], { cwd: root, stdio: 'inherit' })
}
if (!existsSync(builtServer)) stop('There is no build to serve: run npm start without --no-build, or npm run build.')
try {
  console.log(await describeDatabase(database, options))
} finally {
  await database.close()
}

const server = spawn(process.execPath, [builtServer], { stdio: 'inherit', env: { ...process.env, PORT: port } })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', code => process.exit(code ?? 0))
