/**
 * `npm start`: builds the app when the build is missing or older than the sources, makes a demo
 * school on an empty database (printing a token and how to use it), then serves on PORT (3000).
 */
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openDatabase } from '../db/client'
import { migrateDatabase } from '../db/migrate'
import { schools } from '../db/schema'
import { createSchool } from '../server/domain/schools/create-school'
import { requireSchool } from '../server/domain/schools/find-school'
import { seedDemoSchool } from '../scripts/demo/seed-demo-school'
import { issueToken } from '../server/domain/tokens/manage-tokens'
import { scopeNames } from '../server/domain/tokens/scopes'

const root = resolve(import.meta.dirname, '..')
const builtServer = join(root, '.output/server/index.mjs')
const sourceFolders = ['server', 'pages', 'components', 'composables', 'db', 'public']

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

if (!existsSync(builtServer) || statSync(builtServer).mtimeMs < newestSourceChange()) {
  console.log('Building Rollbook (about a minute on a fresh machine)…')
  execFileSync(join(root, 'node_modules/.bin/nuxt'), ['build'], { cwd: root, stdio: 'inherit' })
}

const database = openDatabase()
await migrateDatabase(database)
const port = process.env.PORT ?? '3000'
if ((await database.db.select({ id: schools.id }).from(schools).limit(1)).length === 0) {
  const { id } = await createSchool(database, { name: 'Demo School', timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
  const school = await requireSchool(database, id)
  const summary = await seedDemoSchool({ database, school, actor: { kind: 'system', name: 'demo' } }, { students: 200 })
  const token = await issueToken(database, { schoolId: id, purpose: 'Demo: read everything, record enquiries', scopes: scopeNames })
  console.log(`
A demo school was made on this empty database: ${id}, with ${summary.students} students, ${summary.carers} carers and ${summary.staff} staff.
Its token (shown once; issue more with npm run admin -- token issue):

  ${token.token}

Try:
  curl -H "Authorization: Bearer ${token.token}" http://localhost:${port}/api/v1/people?limit=5
  open http://localhost:${port}/reference for the API reference
`)
}
await database.close()

const server = spawn(process.execPath, [builtServer], { stdio: 'inherit', env: { ...process.env, PORT: port } })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', code => process.exit(code ?? 0))
