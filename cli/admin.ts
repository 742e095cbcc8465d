/**
 * The administrator's command line, for self-hosters and tests. It uses the server's database
 * settings (DATABASE_URL) and brings the schema up to date before it does anything.
 *
 *   npm run -s admin -- school create --name NAME --time-zone ZONE [--campus NAME=SISCODE ...]
 *   npm run -s admin -- school list
 *   npm run -s admin -- token issue --school ID --purpose TEXT --scopes a,b,c [--rostering] [--expires-in-days N]
 *   npm run -s admin -- token list --school ID
 *   npm run -s admin -- token revoke --id ID
 *   npm run -s admin -- demo --school ID [--students N] [--showcase]
 *   npm run -s admin -- webhook create|list|deliveries|retry|delete|set-token|receive (cli/webhook-commands.ts)
 *   npm run -s admin -- timetable session|import …, roster export …   (cli/roster-commands.ts)
 *   npm run -s admin -- school set, hris-mapping …, sync …   (cli/imports-commands.ts)
 *   npm run -s admin -- staff add --school ID --email E --role admin   (cli/staff-commands.ts)
 *   npm run -s admin -- staff grant --school ID --email E --role office   (an account of another school, too)
 *   npm run -s admin -- family invite|remove --school ID --person PER   (cli/family-commands.ts)
 *   npm run -s admin -- receipts --person PER   (cli/receipts-commands.ts)
 *   npm run -s admin -- backup --out FILE, restore --from FILE   (cli/backup-commands.ts)
 *
 * (`npx rollbook-admin …` runs the same from a checkout.) Each command takes --json: stdout then holds
 * nothing but one JSON value, the answer or `{ "error": { "code", "detail" } }`. A refusal exits 1.
 */
import './log-to-stderr'
import { stripVTControlCharacters } from 'node:util'
import { defineCommand, renderUsage, runCommand, type CommandDef } from 'citty'
import { createSchool } from '../server/domain/schools/create-school'
import { requireSchool } from '../server/domain/schools/find-school'
import { issueToken, listTokens, revokeToken, schoolOfToken } from '../server/domain/tokens/manage-tokens'
import { DomainError } from '../server/domain/shared/domain-error'
import { systemContext } from '../server/domain/shared/context'
import { errorCatalogue } from '../shared/error-catalogue'
import { seedDemoSchool } from '../server/domain/setup/demo/seed-demo-school'
import { seedDemoPortalFamilies } from '../server/domain/setup/demo/demo-portal-families'
import { seedDemoShowcase } from '../server/domain/setup/demo/demo-showcase'
import { listSchools } from '../server/domain/schools/list-schools'
import { applicationCommand } from './application-commands'
import { jsonFlag, Refusal, report, withDatabase } from './command-support'
import { webhookCommand } from './webhook-commands'
import { rosterCommands, timetableCommands } from './roster-commands'
import { hrisMappingCommand, schoolSet, syncCommand } from './imports-commands'
import { exportCommands } from './export-commands'
import { staffCommands } from './staff-commands'
import { familyCommands } from './family-commands'
import { receiptsCommand } from './receipts-commands'
import { backupCommands } from './backup-commands'
import { keepNewFilesPrivate } from '../db/private-files'

/** Every `--campus NAME=SISCODE`, which may be repeated. */
function campusesFromArgv(argv: string[]) {
  const campuses: { name: string, sisCode?: string }[] = []
  argv.forEach((arg, i) => {
    const value = arg === '--campus' ? argv[i + 1] : arg.startsWith('--campus=') ? arg.slice('--campus='.length) : undefined
    if (value === undefined) return
    const [name, sisCode] = value.split('=')
    if (!name) throw new Refusal('validation_failed', '--campus takes NAME=SISCODE')
    campuses.push({ name, sisCode: sisCode || undefined })
  })
  return campuses
}

const json = jsonFlag

const schoolCreate = defineCommand({
  meta: { name: 'create', description: 'Create a school with the default lists and every module on' },
  args: {
    'name': { type: 'string', required: true, description: 'The school\'s name' },
    'time-zone': { type: 'string', required: true, description: 'IANA time zone, such as Australia/Sydney' },
    'campus': { type: 'string', description: 'NAME=SISCODE; repeat for each campus' },
    json
  },
  run: ({ args, rawArgs }) => withDatabase(async (database) => {
    const school = await createSchool(database, { name: args.name, timeZone: args['time-zone'], campuses: campusesFromArgv(rawArgs) })
    report(args.json, school, `Created school ${school.id}`)
  })
})

const schoolList = defineCommand({
  meta: { name: 'list', description: 'List every school in the database: id, name and time zone' },
  args: { json },
  run: ({ args }) => withDatabase(async (database) => {
    const schools = await listSchools(database)
    report(
      args.json, schools,
      schools.map(school => `${school.id}  ${school.name}  (${school.timeZone})`).join('\n') || 'No schools yet: make one with school create.'
    )
  })
})

const tokenIssue = defineCommand({
  meta: { name: 'issue', description: 'Issue an API token for one school; its secret is shown only now' },
  args: {
    'school': { type: 'string', required: true, description: 'The school\'s id (sch_…)' },
    'purpose': { type: 'string', required: true, description: 'What the token is for, shown in token list' },
    'scopes': { type: 'string', required: true, description: 'Comma-separated scopes, such as person.read,affiliation.read' },
    'rostering': { type: 'boolean', default: false, description: 'Issue through the rostering settings' },
    'expires-in-days': { type: 'string', description: 'Days until it expires: default 365, at most 730' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const days = args['expires-in-days'] === undefined ? undefined : Number(args['expires-in-days'])
    const token = await issueToken(systemContext(database, await requireSchool(database, args.school), 'cli'), {
      purpose: args.purpose,
      scopes: args.scopes.split(',').map(s => s.trim()).filter(Boolean),
      issuedVia: args.rostering ? 'rostering' : 'settings',
      expiresInDays: days
    })
    report(args.json, token, `Token ${token.id} (expires ${token.expiresOn}). Keep this secret now; it cannot be shown again:\n${token.token}`)
  })
})

const tokenList = defineCommand({
  meta: { name: 'list', description: 'List a school\'s tokens: purpose, scopes and expiry, never a secret' },
  args: { school: { type: 'string', required: true, description: 'The school\'s id (sch_…)' }, json },
  run: ({ args }) => withDatabase(async (database) => {
    const tokens = await listTokens(systemContext(database, await requireSchool(database, args.school), 'cli'))
    report(
      args.json, tokens,
      tokens.map(t => `${t.id}  ${t.revokedAt ? 'revoked' : 'expires ' + t.expiresOn}  ${t.scopes.join(',')}  ${t.purpose}`).join('\n') || 'No tokens.'
    )
  })
})

const tokenRevoke = defineCommand({
  meta: { name: 'revoke', description: 'Revoke a token; the next request made with it is refused' },
  args: { id: { type: 'string', required: true, description: 'The token\'s id (tok_…)' }, json },
  run: ({ args }) => withDatabase(async (database) => {
    if (!await revokeToken(systemContext(database, await schoolOfToken(database, args.id), 'cli'), args.id)) {
      throw new Refusal('not_found', `No token has the id ${args.id}.`)
    }
    report(args.json, { id: args.id, revoked: true }, `Revoked ${args.id}`)
  })
})

const demo = defineCommand({
  meta: { name: 'demo', description: 'Fill a school with deterministic sample people, families, staff and alumni' },
  args: {
    school: { type: 'string', required: true, description: 'The school\'s id (sch_…)' },
    students: { type: 'string', default: '200', description: 'How many current students' },
    showcase: {
      type: 'boolean', default: false,
      description: 'Fill fees, consents, messages, a paused sync, a failed webhook and an enquiry too, as the first start\'s demo does'
    },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const students = Number(args.students)
    if (!Number.isInteger(students) || students < 1) throw new Refusal('validation_failed', '--students takes a positive whole number')
    const school = await requireSchool(database, args.school)
    const summary = await seedDemoSchool(systemContext(database, school, 'demo'), { students })
    const families = await seedDemoPortalFamilies(systemContext(database, school, 'demo'))
    const showcase = args.showcase ? await seedDemoShowcase(systemContext(database, school, 'demo'), families) : undefined
    const counts = Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ')
    const invite = `${programName} family invite --school ${school.id} --person ${families.shared.adults[0]} --json`
    report(args.json, { ...summary, portalFamilies: families, ...showcase && { showcase } },
      `Demo data in ${school.id}: ${counts}${showcase ? ', with fees, consents, messages and integrations' : ''}. The family portal's first family: ${invite}`)
  })
})

const programName = 'rollbook-admin'

const admin = defineCommand({
  meta: { name: programName, description: 'Rollbook administration: schools, API tokens and demo data, on the database DATABASE_URL names' },
  subCommands: {
    school: defineCommand({
      meta: { name: 'school', description: 'Create and list schools' }, subCommands: { create: schoolCreate, list: schoolList, set: schoolSet }
    }),
    token: defineCommand({
      meta: { name: 'token', description: 'Issue, list and revoke a school\'s API tokens' },
      subCommands: { issue: tokenIssue, list: tokenList, revoke: tokenRevoke }
    }),
    demo,
    application: applicationCommand,
    webhook: webhookCommand({ withDatabase, report }),
    timetable: timetableCommands,
    roster: rosterCommands,
    'hris-mapping': hrisMappingCommand,
    'sync': syncCommand,
    export: exportCommands({ withDatabase, report, json }),
    staff: staffCommands(withDatabase, report, json),
    family: familyCommands(withDatabase, report, json),
    receipts: receiptsCommand(withDatabase, report, json),
    ...backupCommands
  }
})

/** The command the words of the command line lead to, with the words that led there. */
function commandAt(rawArgs: string[]): { command: CommandDef, path: string[] } {
  let command: CommandDef = admin
  const path = [programName]
  for (const word of rawArgs) {
    if (word.startsWith('-')) break
    const next = (command.subCommands as Record<string, CommandDef> | undefined)?.[word]
    if (!next) break
    command = next
    path.push(word)
  }
  return { command, path }
}

async function printUsage(rawArgs: string[]) {
  const { command, path } = commandAt(rawArgs)
  // citty names a command after its parent; the whole path reads right at every depth.
  const usage = await renderUsage(command, { meta: { name: path.slice(0, -1).join(' ') } } as CommandDef)
  console.log(process.stdout.isTTY ? usage : stripVTControlCharacters(usage))
}

/**
 * What a refused command reports: a code and its reasons. The domain's refusals (a time zone that
 * is not one, an unknown scope, a school that does not exist) read as they would from the API; an
 * `internal` one, or anything else thrown, is a fault of ours.
 */
function refusalOf(error: unknown): { code: string, detail: string[] } | undefined {
  if (error instanceof Refusal) return { code: error.code, detail: [error.message] }
  if (error instanceof DomainError && errorCatalogue[error.code][0] < 500) return { code: error.code, detail: error.detail }
  if (error instanceof Error && error.name === 'CLIError') return { code: 'validation_failed', detail: [stripVTControlCharacters(error.message)] }
  return undefined
}

async function main(rawArgs: string[]) {
  const asJson = rawArgs.includes('--json')
  if (rawArgs.length === 0 || rawArgs.some(arg => arg === '--help' || arg === '-h')) return printUsage(rawArgs)
  try {
    await runCommand(admin, { rawArgs })
  } catch (error) {
    process.exitCode = 1
    const refusal = refusalOf(error)
    if (asJson) {
      console.log(JSON.stringify({ error: refusal ?? { code: 'internal', detail: ['Something went wrong on our side; the details are on stderr.'] } }))
    }
    if (!refusal) console.error(error)
    else if (!asJson) console.error(
      refusal.detail.join(' ') + (error instanceof Error && error.name === 'CLIError' ? ` (see ${commandAt(rawArgs).path.join(' ')} --help)` : '')
    )
  }
}

// Backups, roster files and a database the CLI creates are the operator's alone (docs/operations.md, "File modes").
keepNewFilesPrivate()
await main(process.argv.slice(2))
