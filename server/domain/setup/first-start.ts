import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Database } from '../../../db/client'
import { holdingStartLock } from '../../../db/migrate'
import { createSchool } from '../schools/create-school'
import { requireSchool } from '../schools/find-school'
import { listSchools } from '../schools/list-schools'
import { issueToken } from '../tokens/manage-tokens'
import { scopeNames } from '../access/catalogue'
import { systemContext } from '../shared/context'
import { addStaffWithLink } from '../staff/add-staff-with-link'
import { seedDemoSchool } from './demo/seed-demo-school'
import { seedDemoPortalFamilies } from './demo/demo-portal-families'
import { seedDemoShowcase } from './demo/demo-showcase'
import { publicUrl } from '../shared/public-url'
import { buildCommands, checkoutCommands, demoBanner, emptyDatabaseBanner, schoolsBanner, type Commands, type ServedAt } from './start-banners'

const demoTokenDays = 7
const demoWithheldScopes = ['restricted.read'] as const
const demoAdministrator = 'admin@example.org'

/**
 * The demo school and everything in it: sample families, staff and alumni (seedDemoSchool), the portal's
 * families (seedDemoPortalFamilies) and what fills the remaining screens (seedDemoShowcase).
 */
export async function makeFirstStartDemo(database: Database) {
  const { id } = await createSchool(database, { name: 'Demo School', timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
  const school = await requireSchool(database, id)
  const ctx = systemContext(database, school, 'demo')
  const summary = await seedDemoSchool(ctx, { students: 200 })
  const families = await seedDemoPortalFamilies(ctx)
  const showcase = await seedDemoShowcase(ctx, families)
  return { school, summary, families, showcase }
}

/** The demo school with a token for trying the API (a week long, every scope but the restricted records) and an administrator's sign-in link. */
async function makeDemoSchool(database: Database, servedAt: ServedAt, commands: Commands) {
  const { school, summary, families } = await makeFirstStartDemo(database)
  const ctx = systemContext(database, school, 'first-start')
  const scopes = scopeNames.filter(scope => !(demoWithheldScopes as readonly string[]).includes(scope))
  const token = await issueToken(
    ctx, { purpose: `Demo: every scope but ${demoWithheldScopes.join(', ')}, for ${demoTokenDays} days`, scopes, expiresInDays: demoTokenDays }
  )
  // An empty database: the account is new, so its link is answered rather than mailed.
  const administrator = await addStaffWithLink(ctx, { email: demoAdministrator, role: 'admin' })
  return demoBanner({ school, summary, servedAt, commands, token: {
    token: token.token, expiresOn: token.expiresOn, days: demoTokenDays, scopes, withheld: demoWithheldScopes
  }, administrator: { email: demoAdministrator, link: administrator.signInLink! }, firstFamilyAdultId: families.shared.adults[0] })
}

/**
 * A build served from a checkout (`npm start`) names `npm run admin`; a build alone, as in an image,
 * has no sources for it and names the bundled CLI.
 */
export function commandsFor(serverEntry = process.argv[1] ?? ''): Commands {
  return existsSync(join(dirname(serverEntry), '../../cli/admin.ts')) ? checkoutCommands : buildCommands
}

/**
 * What the server prints once its database is migrated: the schools there are, or on an empty one
 * the demo school it makes when asked (its token and the administrator's sign-in link), or how to
 * make the first. On PostgreSQL this runs under the start lock, so that two servers starting together
 * on an empty database make one demo school between them.
 */
export function firstStart(
  database: Database, { demo, port, url = publicUrl(), commands = commandsFor() }: { demo: boolean, port: string, url?: string, commands?: Commands }
): Promise<string> {
  return holdingStartLock(database, async () => {
    const schools = await listSchools(database)
    if (schools.length) return schoolsBanner(schools, { url, port }, commands)
    return demo ? makeDemoSchool(database, { url, port }, commands) : emptyDatabaseBanner(commands)
  })
}
