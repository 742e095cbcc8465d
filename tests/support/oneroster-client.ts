import { randomBytes } from 'node:crypto'
import { onerosterAccessTokens, onerosterClients } from '../../db/schema'
import { hashTokenSecret } from '../../server/domain/tokens/secrets'
import type { newSchool } from './schools'

/** An access token of a fresh OneRoster client of the school, holding `scopes` for an hour. */
export async function oneRosterAccessToken(school: Awaited<ReturnType<typeof newSchool>>, scopes = ['roster.readonly', 'roster-core.readonly']) {
  const clientId = `orc_test${randomBytes(8).toString('hex')}`
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await school.database.transaction(async (tx) => {
    await tx.insert(onerosterClients).values({
      id: clientId, schoolId: school.id, name: 'test', scopes: scopes.join(' '), secretHash: hashTokenSecret(token), createdAt: now.toISOString(),
      createdBy: 'system:test'
    })
    await tx.insert(onerosterAccessTokens).values({
      tokenHash: hashTokenSecret(token), clientId, schoolId: school.id, scopes: scopes.join(' '), issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString()
    })
  })
  return token
}
