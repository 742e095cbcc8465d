/**
 * The district rows' callers, a bench step (`tsx scripts/bench/district-callers.ts` on the district's
 * DATABASE_URL): for every school, a token of its own for the token rows and a new administrator's one-time
 * sign-in link for the screens' rows. Prints, last on stdout, their JSON in the order the schools were made.
 */
import { openDatabase } from '../../db/client'
import { listSchools } from '../../server/domain/schools/list-schools'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import { addStaffWithLink } from '../../server/domain/staff/add-staff-with-link'

/** The scopes the district's token rows ask for. */
const scopes = ['person.read', 'affiliation.read', 'tour.read', 'event.read']

const database = openDatabase()
try {
  const run = Date.now().toString(36)
  const callers = []
  for (const listed of await listSchools(database)) {
    const ctx = systemContext(database, await requireSchool(database, listed.id), 'bench')
    const { token } = await issueToken(ctx, { purpose: 'District bench', scopes, expiresInDays: 1 })
    const { signInLink } = await addStaffWithLink(ctx, { email: `district-${run}-${listed.id.slice(-8)}@example.org`, role: 'admin' })
    callers.push({ schoolId: listed.id, token, signInLink: signInLink! })
  }
  console.log(JSON.stringify(callers))
} finally {
  await database.close()
}
