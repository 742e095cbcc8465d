import { readDatabaseConfig } from '../../../db/config'
import { databaseLabel } from '../../../db/failure'
import type { SchoolListing } from '../schools/list-schools'

/**
 * How this installation runs the admin CLI and asks for the demo: from a checkout as the README says
 * (`-s` keeps npm's banner off stdout), from a build alone (an image) with the bundled CLI.
 */
export interface Commands { admin: string, demo: string }
export const checkoutCommands: Commands = { admin: 'npm run -s admin --', demo: 'npm start -- --demo (or ROLLBOOK_DEMO=on)' }
export const buildCommands: Commands = { admin: 'node .output/cli/admin.mjs', demo: 'start it with ROLLBOOK_DEMO=on' }
const shownSchools = 20

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/**
 * Where the server is reached (publicUrl: `PUBLIC_URL`, or this machine at the port it listens on) and the
 * port it listens on, for what is served to its own machine only (`/dev/outbox`).
 */
export interface ServedAt { url: string, port: string }

/**
 * The admin CLI as the banner names it: where the server's address is not the CLI's default
 * (`http://localhost:3000`), the command carries it, so the links it makes open this server.
 */
function adminAt(admin: string, { url }: ServedAt): string {
  return url === 'http://localhost:3000' ? admin : `PUBLIC_URL=${url} ${admin}`
}

export interface DemoBannerInput {
  school: { id: string, name: string }
  summary: { students: number, carers: number, staff: number, alumni: number }
  token: { token: string, expiresOn: string, days: number, scopes: readonly string[], withheld: readonly string[] }
  servedAt: ServedAt
  administrator: { email: string, link: string }
  /** The demo's first family's parent, whom `family invite` signs in to the family portal. */
  firstFamilyAdultId: string
  commands: Commands
}

/** How to start over on this database: remove the SQLite file, or drop PostgreSQL's schemas. */
export function startOverHint(): string {
  const config = readDatabaseConfig()
  return config.dialect === 'sqlite'
    ? `To start over, stop Rollbook and delete ${config.path} and the files beside it that start with its name (rm ${config.path}*).`
    : 'To start over, stop Rollbook and run `drop schema public cascade; drop schema drizzle cascade; create schema public;` in that database.'
}

/** What the server prints at start after making the demo school: its token, what the token may do and until when. */
export function demoBanner({ school, summary, token, servedAt, administrator, firstFamilyAdultId, commands: { admin } }: DemoBannerInput): string {
  const { url, port } = servedAt
  return `
A demo school was made on this empty database (${databaseLabel()}):
  ${school.name} (${school.id}): ${summary.students} students, ${summary.carers} carers, ${summary.staff} staff, ${summary.alumni} alumni.

Its token, shown only now. It lasts ${token.days} days, until ${token.expiresOn}, and holds every scope except ${token.withheld.join(', ')}:
  ${token.scopes.join(', ')}

  ${token.token}

Try:
  curl -H "Authorization: Bearer ${token.token}" "${url}/api/v1/people?limit=5"
  ${url}/reference shows every endpoint of this build and the scope it needs.

The screens: its administrator ${administrator.email} signs in once with this link (24 hours) and registers a passkey:
  "${administrator.link}"
Without SMTP_URL, sign-in codes are mailed to the log and to http://localhost:${port}/dev/outbox.

The family portal (${url}/family): its first family's mother signs in with the link this prints, and finds her part of
the fee statements, consent asks to answer and the school's messages:
  ${adminAt(admin, servedAt)} family invite --school ${school.id} --person ${firstFamilyAdultId} --json

Issue tokens of your own: ${admin} token issue --school ${school.id} --purpose "What it is for" --scopes person.read,affiliation.read
`
}

/** What the server prints at start on a database that already has schools: which ones, and how to get a token. */
export function schoolsBanner(schools: SchoolListing[], { url }: ServedAt, { admin }: Commands): string {
  const listed = schools.slice(0, shownSchools).map(school => `  ${school.id}  ${school.name}  (${school.timeZone})`)
  if (schools.length > shownSchools) listed.push(`  … and ${schools.length - shownSchools} more: ${admin} school list`)
  return `
${capitalized(databaseLabel())} has ${schools.length === 1 ? '1 school' : `${schools.length} schools`}:
${listed.join('\n')}

Issue a token: ${admin} token issue --school ${schools[0]!.id} --purpose "What it is for" --scopes person.read,affiliation.read
Then: curl -H "Authorization: Bearer rbk_…" "${url}/api/v1/people?limit=5"
Every command: ${admin} --help. ${startOverHint()}
`
}

/** What the server prints at start on an empty database when it makes no demo school (PostgreSQL, or ROLLBOOK_DEMO=off). */
export function emptyDatabaseBanner({ admin, demo }: Commands): string {
  return `
${capitalized(databaseLabel())} has no school yet. Make the first one and a token with the admin CLI (same DATABASE_URL):
  ${admin} school create --name "Your School" --time-zone Australia/Sydney
  ${admin} token issue --school sch_… --purpose "What it is for" --scopes person.read,affiliation.read
For a demo school with sample people instead: ${demo}.
`
}
