import { and, eq, isNull, lt, lte, or } from 'drizzle-orm'
import { onerosterAccessTokens, onerosterClients, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { OneRosterScope } from '../../../shared/vocabulary'
import type { SchoolRef } from '../shared/school-ref'
import { currentTime } from '../days/clock'
import { hashTokenSecret, hashesMatch, newPrefixedSecret } from '../tokens/secrets'
import { schoolRefOfCaller } from '../schools/caller-school'
import { readRequestedScopes, scopeUrisOf } from './scope-uris'
import { scopesOfRow } from './clients'

/** An access token's life, in seconds: a platform takes a new one each hour with its client's credentials. */
export const oneRosterTokenSeconds = 3600

/** How often a client's last use is written at most: each token it takes would otherwise be a write to its row. */
const lastUseEveryMs = 60_000

/** The shapes of a client's id, its secret and an access token; anything else is refused before the database. */
const clientIdShape = /^orc_[0-9a-z]{1,60}$/
const clientSecretShape = /^rbo_[0-9A-Za-z]{43}$/
const accessTokenShape = /^rbq_[0-9A-Za-z]{43}$/

export interface OneRosterTokenRequest {
  clientId: string
  clientSecret: string
  /** The `scope` parameter as sent; absent, the token holds every scope the client does. */
  requestedScope?: string
}

/** The answer RFC 6749 §5.1 gives for a granted token. */
export interface OneRosterTokenAnswer {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  scope: string
}

/** A token request's outcome: the token, or the RFC 6749 §5.2 error it is refused with. */
export type OneRosterTokenGrant =
  | { granted: OneRosterTokenAnswer }
  | { refused: 'invalid_client' | 'invalid_scope', description: string }

const unknownClient = { refused: 'invalid_client', description: 'The client id and secret do not name a client in force.' } as const

/**
 * The client-credentials grant (RFC 6749 §4.4): checks the client's secret against its hash without leaking through
 * timing how much matched, refuses a revoked client, grants the scopes asked for (each of them the client's) or all
 * the client holds, and keeps only the new token's hash. The client's tokens that expired go as it takes a new one.
 */
export async function issueOneRosterAccessToken(database: Database, request: OneRosterTokenRequest): Promise<OneRosterTokenGrant> {
  const secretHash = hashTokenSecret(request.clientSecret)
  if (!clientIdShape.test(request.clientId) || !clientSecretShape.test(request.clientSecret)) return unknownClient
  const [client] = await database.db.select().from(onerosterClients).where(eq(onerosterClients.id, request.clientId))
  if (!client || !hashesMatch(client.secretHash, secretHash) || client.revokedAt) return unknownClient
  const holds = scopesOfRow(client.scopes)
  let scopes = holds
  if (request.requestedScope !== undefined && request.requestedScope.trim()) {
    const asked = readRequestedScopes(request.requestedScope)
    const beyond = asked.scopes.filter(scope => !holds.includes(scope))
    if (asked.unknown.length || beyond.length) {
      return { refused: 'invalid_scope', description: 'The scope names a scope this client does not hold, or no OneRoster scope.' }
    }
    scopes = asked.scopes
  }
  if (!scopes.length) return { refused: 'invalid_scope', description: 'The scope names no rostering scope this client holds.' }
  const token = newPrefixedSecret('rbq')
  const issuedAt = currentTime()
  const now = issuedAt.toISOString()
  const expiresAt = new Date(issuedAt.getTime() + oneRosterTokenSeconds * 1000).toISOString()
  const lastUseBefore = new Date(issuedAt.getTime() - lastUseEveryMs).toISOString()
  await database.transaction(async (tx) => {
    await tx.delete(onerosterAccessTokens).where(and(eq(onerosterAccessTokens.clientId, client.id), lte(onerosterAccessTokens.expiresAt, now)))
    await tx.insert(onerosterAccessTokens).values({
      tokenHash: hashTokenSecret(token), clientId: client.id, schoolId: client.schoolId, scopes: scopes.join(' '), issuedAt: now, expiresAt
    })
    await tx.update(onerosterClients).set({ lastUsedAt: now })
      .where(and(eq(onerosterClients.id, client.id), or(isNull(onerosterClients.lastUsedAt), lt(onerosterClients.lastUsedAt, lastUseBefore))))
  })
  return { granted: { access_token: token, token_type: 'bearer', expires_in: oneRosterTokenSeconds, scope: scopeUrisOf(scopes).join(' ') } }
}

/** Who calls the OneRoster service with an access token: its school, its client, and the scopes the token holds. */
export interface OneRosterCaller {
  school: SchoolRef
  clientId: string
  scopes: OneRosterScope[]
}

/** The school's columns a caller's reference is built from: its event counter is the outbox's. */
const callerSchoolColumns = {
  id: schools.id, name: schools.name, timeZone: schools.timeZone, lists: schools.lists, modules: schools.modules, dataVersion: schools.dataVersion,
  createdAt: schools.createdAt
}

/** The caller an access token names; null for a malformed, unknown or expired token, or one whose client was revoked. */
export async function oneRosterCallerOf(database: Database, accessToken: string): Promise<OneRosterCaller | null> {
  if (!accessTokenShape.test(accessToken)) return null
  const tokenHash = hashTokenSecret(accessToken)
  const [row] = await database.db.select({ token: onerosterAccessTokens, revokedAt: onerosterClients.revokedAt, school: callerSchoolColumns })
    .from(onerosterAccessTokens)
    .innerJoin(onerosterClients, eq(onerosterClients.id, onerosterAccessTokens.clientId))
    .innerJoin(schools, eq(schools.id, onerosterAccessTokens.schoolId))
    .where(eq(onerosterAccessTokens.tokenHash, tokenHash))
  if (!row || !hashesMatch(row.token.tokenHash, tokenHash) || row.revokedAt || row.token.expiresAt <= currentTime().toISOString()) return null
  return { school: schoolRefOfCaller(row.school), clientId: row.token.clientId, scopes: scopesOfRow(row.token.scopes) }
}
