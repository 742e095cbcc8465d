import { createOneRosterClient } from '../../server/domain/oneroster/clients'
import { issueOneRosterAccessToken } from '../../server/domain/oneroster/access-tokens'
import type { newSchool } from './schools'

/** An access token of a fresh OneRoster client of the school, holding `scopes` for an hour, taken as a platform takes one. */
export async function oneRosterAccessToken(school: Awaited<ReturnType<typeof newSchool>>, scopes = ['roster.readonly', 'roster-core.readonly']) {
  const client = await createOneRosterClient(school.context, { name: 'test', scopes })
  const grant = await issueOneRosterAccessToken(school.database, { clientId: client.clientId, clientSecret: client.clientSecret })
  if (!('granted' in grant)) throw new Error(`No token: ${grant.refused}`)
  return grant.granted.access_token
}
