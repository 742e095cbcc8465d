import { eq } from 'drizzle-orm'
import { getRequestHeader, type H3Event } from 'h3'
import { apiTokens, schools } from '../../db/schema'
import type { Database } from '../../db/client'
import type { SchoolRef } from '../domain/shared/context'
import type { Scope } from '../domain/tokens/scopes'
import { hashTokenSecret, hashesMatch } from '../domain/tokens/secrets'
import { schoolRefFromRow } from '../domain/schools/find-school'
import { currentTime } from '../domain/shared/clock'
import { apiError } from './errors'

/** A program identified by its bearer token, and the one school that token names. */
export interface ApiCaller {
  tokenId: string
  scopes: ReadonlySet<Scope>
  issuedVia: 'settings' | 'rostering'
  school: SchoolRef
}

const notValid = () => apiError('unauthenticated', ['Send a valid bearer token in the Authorization header.'])

/** Identifies the caller; a missing, unknown, expired or revoked token all get the same answer. */
export async function authenticateBearer(event: H3Event, database: Database): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(getRequestHeader(event, 'authorization') ?? '')
  if (!match) throw notValid()
  const secretHash = hashTokenSecret(match[1]!)
  const [row] = await database.db
    .select({ token: apiTokens, school: schools })
    .from(apiTokens)
    .innerJoin(schools, eq(schools.id, apiTokens.schoolId))
    .where(eq(apiTokens.secretHash, secretHash))
    .limit(1)
  if (!row || !hashesMatch(row.token.secretHash, secretHash)) throw notValid()
  if (row.token.revokedAt || row.token.expiresAt <= currentTime().toISOString()) throw notValid()
  return {
    tokenId: row.token.id,
    scopes: new Set(row.token.scopes.split(' ') as Scope[]),
    issuedVia: row.token.issuedVia,
    school: schoolRefFromRow(row.school)
  }
}

/** `forbidden`, naming the capability the token lacks. */
export function requireScope(caller: ApiCaller, scope: Scope) {
  if (!caller.scopes.has(scope)) {
    throw apiError('forbidden', [`This token lacks the capability ${scope}.`], { data: { missingScope: scope } })
  }
}
