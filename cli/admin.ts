/**
 * The administrator's command line, for self-hosters and tests. It uses the server's database
 * settings (DATABASE_URL) and brings the schema up to date before it does anything.
 *
 *   npm run admin -- school create --name NAME --time-zone ZONE [--campus NAME=SISCODE ...]
 *   npm run admin -- token issue --school ID --purpose TEXT --scopes a,b,c [--rostering] [--expires-in-days N]
 *   npm run admin -- token list --school ID
 *   npm run admin -- token revoke --id ID
 *   npm run admin -- demo --school ID [--students N]
 *
 * Each command takes --json for machine-readable output.
 */
import { defineCommand, runMain } from 'citty'
import { openDatabase, type Database } from '../db/client'
import { migrateDatabase } from '../db/migrate'
import { createSchool } from '../server/domain/schools/create-school'
import { requireSchool } from '../server/domain/schools/find-school'
import { issueToken, listTokens, revokeToken } from '../server/domain/tokens/manage-tokens'
import { DomainError } from '../server/domain/shared/domain-error'
import { systemContext } from '../server/domain/shared/context'
import { seedDemoSchool } from '../server/domain/demo/seed-demo-school'
import { applicationCommand } from './application-commands'

class UsageError extends Error {}

const inputErrors = [UsageError, DomainError]

/** Runs a command against a migrated database; a mistake in its input is one line on stderr and exit 1. */
async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  const database = openDatabase()
  try {
    await migrateDatabase(database)
    await work(database)
  } catch (error) {
    if (!inputErrors.some(kind => error instanceof kind)) throw error
    console.error((error as Error).message)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

function report(json: boolean, value: unknown, human: string) {
  console.log(json ? JSON.stringify(value) : human)
}

/** Every `--campus NAME=SISCODE`, which may be repeated. */
function campusesFromArgv(argv: string[]) {
  const campuses: { name: string, sisCode?: string }[] = []
  argv.forEach((arg, i) => {
    const value = arg === '--campus' ? argv[i + 1] : arg.startsWith('--campus=') ? arg.slice('--campus='.length) : undefined
    if (value === undefined) return
    const [name, sisCode] = value.split('=')
    if (!name) throw new UsageError('--campus takes NAME=SISCODE')
    campuses.push({ name, sisCode: sisCode || undefined })
  })
  return campuses
}

const json = { type: 'boolean', description: 'Print JSON', default: false } as const

const schoolCreate = defineCommand({
  meta: { name: 'create', description: 'Create a school' },
  args: {
    'name': { type: 'string', required: true },
    'time-zone': { type: 'string', required: true, description: 'IANA time zone, such as Australia/Sydney' },
    'campus': { type: 'string', description: 'NAME=SISCODE; repeat for each campus' },
    json
  },
  run: ({ args, rawArgs }) => withDatabase(async (database) => {
    const school = await createSchool(database, { name: args.name, timeZone: args['time-zone'], campuses: campusesFromArgv(rawArgs) })
    report(args.json, school, `Created school ${school.id}`)
  })
})

const tokenIssue = defineCommand({
  meta: { name: 'issue', description: 'Issue an API token; its secret is shown only now' },
  args: {
    'school': { type: 'string', required: true },
    'purpose': { type: 'string', required: true },
    'scopes': { type: 'string', required: true, description: 'Comma-separated scopes' },
    'rostering': { type: 'boolean', default: false, description: 'Issue through the rostering settings' },
    'expires-in-days': { type: 'string', description: 'Default 365, at most 730' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const days = args['expires-in-days'] === undefined ? undefined : Number(args['expires-in-days'])
    const token = await issueToken(database, {
      schoolId: args.school,
      purpose: args.purpose,
      scopes: args.scopes.split(',').map(s => s.trim()).filter(Boolean),
      issuedVia: args.rostering ? 'rostering' : 'settings',
      expiresInDays: days
    })
    report(args.json, token, `Token ${token.id} (expires ${token.expiresOn}). Keep this secret now; it cannot be shown again:\n${token.token}`)
  })
})

const tokenList = defineCommand({
  meta: { name: 'list', description: 'List a school\'s tokens' },
  args: { school: { type: 'string', required: true }, json },
  run: ({ args }) => withDatabase(async (database) => {
    const tokens = await listTokens(database, args.school)
    report(args.json, tokens, tokens.map(t => `${t.id}  ${t.revokedAt ? 'revoked' : 'expires ' + t.expiresOn}  ${t.scopes.join(',')}  ${t.purpose}`).join('\n') || 'No tokens.')
  })
})

const tokenRevoke = defineCommand({
  meta: { name: 'revoke', description: 'Revoke a token' },
  args: { id: { type: 'string', required: true }, json },
  run: ({ args }) => withDatabase(async (database) => {
    if (!await revokeToken(database, args.id)) throw new UsageError(`No token has the id ${args.id}.`)
    report(args.json, { id: args.id, revoked: true }, `Revoked ${args.id}`)
  })
})

const demo = defineCommand({
  meta: { name: 'demo', description: 'Fill a school with deterministic sample data' },
  args: { school: { type: 'string', required: true }, students: { type: 'string', default: '200' }, json },
  run: ({ args }) => withDatabase(async (database) => {
    const students = Number(args.students)
    if (!Number.isInteger(students) || students < 1) throw new UsageError('--students takes a positive whole number')
    const school = await requireSchool(database, args.school)
    const summary = await seedDemoSchool(systemContext(database, school, 'demo'), { students })
    report(args.json, summary, `Demo data in ${school.id}: ${Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ')}`)
  })
})

const main = defineCommand({
  meta: { name: 'admin', description: 'Rollbook administration' },
  subCommands: {
    school: defineCommand({ meta: { name: 'school' }, subCommands: { create: schoolCreate } }),
    token: defineCommand({ meta: { name: 'token' }, subCommands: { issue: tokenIssue, list: tokenList, revoke: tokenRevoke } }),
    demo,
    application: applicationCommand
  }
})

runMain(main)
