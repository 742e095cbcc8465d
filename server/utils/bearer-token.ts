import { eq, sql } from 'drizzle-orm'
import { getRequestHeader, setResponseHeader, type H3Event } from 'h3'
import { apiTokens, schools } from '../../db/schema'
import type { Database } from '../../db/client'
import type { MinuteCount } from '../../db/minute-counters'
import { accessFor } from '../domain/access/access'
import { hashTokenSecret, hashesMatch } from '../domain/tokens/secrets'
import { schoolRefOfCaller, type SchoolRow } from '../domain/schools/caller-school'
import { noteTokenUse } from '../domain/tokens/manage-tokens'
import { currentTime } from '../domain/days/clock'
import { clientAddress } from './client-address'
import { apiError } from './errors'
import type { Principal, Surface } from './principal'
import { countDataReceipts } from './data-receipts'
import { consumeRateLimit } from './rate-limit'
import { enforcedRateLimit } from './runtime-settings'

/** The shape every issued secret has (`rbk_` and base62); anything else is refused before the database. */
const secretShape = /^rbk_[0-9A-Za-z]{40,64}$/

/** Requests without a valid token one client address may make per clock minute. */
export const unauthenticatedPerMinute = 60

/**
 * A request without a valid token is counted against its client address (`clientAddress`: the
 * peer's, never a forwarded header a client can write unless it came through a trusted proxy), so a client guessing tokens is slowed down, and answered
 * with the counters like every other answer.
 */
async function refuseUnauthenticated(event: H3Event, database: Database): Promise<never> {
  const address = clientAddress(event)
  const verdict = await consumeRateLimit(database, `address ${address} unauthenticated`, enforcedRateLimit(unauthenticatedPerMinute))
  setResponseHeader(event, 'X-RateLimit-Limit', String(verdict.limit))
  setResponseHeader(event, 'X-RateLimit-Remaining', String(verdict.remaining))
  if (!verdict.allowed) {
    throw apiError('rate_limited', [`Too many requests without a valid token from this address; try again in ${verdict.retryAfter} seconds.`], {
      headers: { 'Retry-After': String(verdict.retryAfter) }
    })
  }
  throw apiError('unauthenticated', ['Send a valid bearer token in the Authorization header.'], { headers: { 'WWW-Authenticate': 'Bearer realm="rollbook"' } })
}

/** The caller's token and its school, as identifying reads them on either dialect. */
type CallerRow = Pick<typeof apiTokens.$inferSelect, 'secretHash' | 'scopes' | 'issuedVia' | 'expiresAt' | 'revokedAt' | 'lastWriteAt'> & {
  tokenId: string
  schoolId: string
  schoolName: string
  schoolCreatedAt: string
} & Pick<SchoolRow, 'timeZone' | 'lists' | 'modules' | 'dataVersion'>

/**
 * findCallerToken's read on PostgreSQL, with a `count_key`: the request's rate-limit key
 * (`rateLimitKey(tokenId, endpoint)`) while the token is in force, so the request is counted in the
 * same statement (`readAndAdd`, db/minute-counters.ts): one round trip instead of two on every request.
 * A revoked or expired token is read as before, refused below, and counted against nothing. Timestamps
 * are ISO text, compared byte by byte as JavaScript compares them.
 */
const callerTokenCountingRequest = `
  select t.id as "tokenId", t.secret_hash as "secretHash", t.scopes, t.issued_via as "issuedVia",
    t.expires_at as "expiresAt", t.revoked_at as "revokedAt", t.last_write_at as "lastWriteAt", s.id as "schoolId", s.name as "schoolName",
    s.time_zone as "timeZone", s.lists, s.modules, s.data_version as "dataVersion", s.created_at as "schoolCreatedAt",
    case when t.revoked_at is null and t.expires_at collate "C" > $2::text then t.id || ' ' || $3::text end as count_key
  from api_tokens t join schools s on s.id = t.school_id
  where t.secret_hash = $1::text
  limit 1`

/** The token whose secret hashes to `secretHash`, with this request's count where the read took it too. */
async function findCallerToken(database: Database, secretHash: string, endpoint: string): Promise<{ row?: CallerRow, counted?: MinuteCount | null }> {
  if (database.minuteCounters.readAndAdd) {
    const found = await database.minuteCounters.readAndAdd(callerTokenCountingRequest, [secretHash, currentTime().toISOString(), endpoint])
    return found ? { row: found.row as CallerRow, counted: found.count } : {}
  }
  const [row] = await database.prepared('caller-token-by-secret-hash', db => db
    .select({
      tokenId: apiTokens.id,
      secretHash: apiTokens.secretHash,
      scopes: apiTokens.scopes,
      issuedVia: apiTokens.issuedVia,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastWriteAt: apiTokens.lastWriteAt,
      schoolId: schools.id,
      schoolName: schools.name,
      timeZone: schools.timeZone,
      lists: schools.lists,
      modules: schools.modules,
      dataVersion: schools.dataVersion,
      schoolCreatedAt: schools.createdAt
    })
    .from(apiTokens)
    .innerJoin(schools, eq(schools.id, apiTokens.schoolId))
    .where(eq(apiTokens.secretHash, sql.placeholder('secretHash')))
    .limit(1))({ secretHash })
  return { row }
}

/** Identifies the caller; a missing, malformed, unknown, expired or revoked token all get the same answer. */
export async function identifyBearerToken(event: H3Event, database: Database, endpoint: string): Promise<Principal> {
  const match = /^Bearer +(\S+) *$/i.exec(getRequestHeader(event, 'authorization') ?? '')
  if (!match || !secretShape.test(match[1]!)) return refuseUnauthenticated(event, database)
  const secretHash = hashTokenSecret(match[1]!)
  const { row, counted } = await findCallerToken(database, secretHash, endpoint)
  if (!row || !hashesMatch(row.secretHash, secretHash) || row.revokedAt || row.expiresAt <= currentTime().toISOString()) {
    return refuseUnauthenticated(event, database)
  }
  noteTokenUse(database, row.tokenId)
  const school = schoolRefOfCaller({
    id: row.schoolId, name: row.schoolName, timeZone: row.timeZone, lists: row.lists, modules: row.modules, dataVersion: row.dataVersion,
    createdAt: row.schoolCreatedAt
  })
  return {
    ...await accessFor(database, school, { kind: 'token', tokenId: row.tokenId, issuedVia: row.issuedVia, scopes: row.scopes.split(' ') }),
    school,
    limitKey: row.tokenId,
    counted,
    lastWriteAt: row.lastWriteAt
  }
}

/** `/api/v1`: programs with bearer tokens. */
export const bearerTokenSurface: Surface = { name: 'v1', identify: identifyBearerToken, answered: countDataReceipts }
