import { and, asc, eq, isNull } from 'drizzle-orm'
import { apiTokens } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { newId } from '../shared/ids'
import { currentTime, dayInZone, timestampNow } from '../shared/clock'
import { isScope, type Scope } from './scopes'
import { hashTokenSecret, newTokenSecret } from './secrets'
import { requireSchool } from '../schools/find-school'
import { domainError } from '../shared/domain-error'

export const defaultTokenDays = 365
export const maximumTokenDays = 730

export interface IssueTokenInput {
  schoolId: string
  purpose: string
  scopes: string[]
  issuedVia?: 'settings' | 'rostering'
  expiresInDays?: number
}

/** Issues a token; the secret is returned here once and only its hash is kept. */
export async function issueToken(database: Database, input: IssueTokenInput) {
  const school = await requireSchool(database, input.schoolId)
  const purpose = input.purpose.trim()
  if (!purpose) throw domainError('unprocessable', ['A token needs a purpose.'])
  const unknown = input.scopes.filter(scope => !isScope(scope))
  if (unknown.length) throw domainError('unprocessable', [`Unknown scopes: ${unknown.join(', ')}.`])
  if (input.scopes.length === 0) throw domainError('unprocessable', ['A token needs at least one scope.'])
  const days = input.expiresInDays ?? defaultTokenDays
  if (!Number.isInteger(days) || days < 1 || days > maximumTokenDays) {
    throw domainError('unprocessable', [`Expiry must be a whole number of days from 1 to ${maximumTokenDays}.`])
  }
  const secret = newTokenSecret()
  // One instant for both, so a token's life is exactly its days.
  const issuedAt = currentTime()
  const expiresAt = new Date(issuedAt.getTime() + days * 86_400_000)
  const row = {
    id: newId('tok'),
    schoolId: school.id,
    purpose,
    scopes: [...new Set(input.scopes)].join(' '),
    secretHash: hashTokenSecret(secret),
    issuedVia: input.issuedVia ?? 'settings',
    createdAt: issuedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: null
  }
  await database.transaction(tx => tx.insert(apiTokens).values(row))
  return { id: row.id, token: secret, expiresOn: dayInZone(expiresAt, school.timeZone) }
}

/** The school's tokens with purpose, scopes and expiry day; never a secret or its hash. */
export async function listTokens(database: Database, schoolId: string) {
  const school = await requireSchool(database, schoolId)
  const rows = await database.db.select().from(apiTokens).where(eq(apiTokens.schoolId, school.id)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
  return rows.map(row => ({
    id: row.id,
    purpose: row.purpose,
    scopes: row.scopes.split(' ') as Scope[],
    issuedVia: row.issuedVia,
    createdAt: row.createdAt,
    expiresOn: dayInZone(new Date(row.expiresAt), school.timeZone),
    revokedAt: row.revokedAt
  }))
}

/** Revokes a token; the next request made with it is refused. Returns false for an unknown token. */
export async function revokeToken(database: Database, tokenId: string): Promise<boolean> {
  const revoked = await database.transaction(tx => tx.update(apiTokens)
    .set({ revokedAt: timestampNow() })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id }))
  if (revoked.length) return true
  const [existing] = await database.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, tokenId))
  return Boolean(existing)
}
