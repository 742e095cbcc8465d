import { eq, sql } from 'drizzle-orm'
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

type SchoolRow = typeof schools.$inferSelect

/**
 * Each school's settings as last parsed, reused while its stored row reads exactly the same, so a
 * request does not parse them again. The row itself is read on every request, so a change shows at
 * once. The reference is frozen: every request shares it.
 */
const parsedSchools = new Map<string, { row: SchoolRow, school: SchoolRef }>()

function schoolRefOfCaller(row: SchoolRow): SchoolRef {
  const parsed = parsedSchools.get(row.id)
  if (parsed && parsed.row.lists === row.lists && parsed.row.modules === row.modules && parsed.row.name === row.name && parsed.row.timeZone === row.timeZone && parsed.row.dataVersion === row.dataVersion) {
    return parsed.school
  }
  const school = deepFreeze(schoolRefFromRow(row))
  if (parsedSchools.size >= 10_000) parsedSchools.clear()
  parsedSchools.set(row.id, { row, school })
  return school
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}

/** Identifies the caller; a missing, unknown, expired or revoked token all get the same answer. */
export async function authenticateBearer(event: H3Event, database: Database): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(getRequestHeader(event, 'authorization') ?? '')
  if (!match) throw notValid()
  const secretHash = hashTokenSecret(match[1]!)
  const [row] = await database.prepared('caller-token-by-secret-hash', db => db
    .select({
      tokenId: apiTokens.id,
      secretHash: apiTokens.secretHash,
      scopes: apiTokens.scopes,
      issuedVia: apiTokens.issuedVia,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
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
  if (!row || !hashesMatch(row.secretHash, secretHash)) throw notValid()
  if (row.revokedAt || row.expiresAt <= currentTime().toISOString()) throw notValid()
  return {
    tokenId: row.tokenId,
    scopes: new Set(row.scopes.split(' ') as Scope[]),
    issuedVia: row.issuedVia,
    school: schoolRefOfCaller({ id: row.schoolId, name: row.schoolName, timeZone: row.timeZone, lists: row.lists, modules: row.modules, dataVersion: row.dataVersion, createdAt: row.schoolCreatedAt })
  }
}

/** `forbidden`, naming the capability the token lacks. */
export function requireScope(caller: ApiCaller, scope: Scope) {
  if (!caller.scopes.has(scope)) {
    throw apiError('forbidden', [`This token lacks the capability ${scope}.`], { data: { missingScope: scope } })
  }
}
