import { and, asc, eq, isNull } from 'drizzle-orm'
import { apiTokens, accounts } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { newId } from '../shared/ids'
import { currentTime, dayInZone, timestampNow } from '../days/clock'
import { isScope, type Scope } from '../access/catalogue'
import { hashTokenSecret, newTokenSecret } from './secrets'
import { requireSchool } from '../schools/find-school'
import { domainError, requirePlainLines } from '../shared/domain-error'
import { faultSummary, logger } from '../shared/log'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { refuseBeyondHolder } from '../access/delegation'
import { recordActivity } from '../activity/record-activity'
import { issuerOf, shownIssuer } from './issuer'

export const defaultTokenDays = 365
export const maximumTokenDays = 730

export interface IssueTokenInput {
  purpose: string
  scopes: string[]
  issuedVia?: 'settings' | 'rostering'
  expiresInDays?: number
}

/** Issues a token for the caller's school, recording the caller as its issuer; the secret is returned here once and only its hash is kept. */
export function issueToken(ctx: DomainContext, input: IssueTokenInput) {
  return issueRecordedToken(ctx, input)
}

async function issueRecordedToken(ctx: DomainContext, input: IssueTokenInput, rotatedFrom?: string) {
  const { database, school } = ctx
  requirePlainLines([['purpose', input.purpose]])
  const purpose = input.purpose.trim()
  if (!purpose) throw domainError('unprocessable', ['A token needs a purpose.'])
  const unknown = input.scopes.filter(scope => !isScope(scope))
  if (unknown.length) throw domainError('unprocessable', [`Unknown scopes: ${unknown.join(', ')}.`])
  if (input.scopes.length === 0) throw domainError('unprocessable', ['A token needs at least one scope.'])
  // A member issues only what their own role holds (access/delegation.ts); the CLI and first start act as the operator.
  refuseBeyondHolder(ctx, input.scopes.filter(isScope), 'issue a token')
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
    revokedAt: null,
    issuedBy: issuerOf(ctx.actor),
    lastUsedAt: null
  }
  const expiresOn = dayInZone(expiresAt, school.timeZone)
  await database.transaction(async (tx) => {
    await tx.insert(apiTokens).values(row)
    await recordActivity(tx, ctx, rotatedFrom
      ? {
          kind: 'token.rotated', subjectType: 'token', subjectId: row.id,
          summary: `Token "${purpose}" rotated: ${rotatedFrom} keeps working until revoked`,
          changes: { id: [rotatedFrom, row.id], expiresOn: [null, expiresOn] }
        }
      : {
          kind: 'token.issued', subjectType: 'token', subjectId: row.id,
          summary: `Token "${purpose}" issued${row.issuedVia === 'rostering' ? ' for rostering' : ''}`,
          changes: { scopes: [null, row.scopes], expiresOn: [null, expiresOn] }
        })
  })
  return { id: row.id, token: secret, expiresOn }
}

/** The school's tokens with purpose, scopes and expiry day; never a secret or its hash. */
export async function listTokens(ctx: DomainContext) {
  const { database, school } = ctx
  const rows = await database.db.select({ token: apiTokens, issuerEmail: accounts.email }).from(apiTokens)
    .leftJoin(accounts, eq(accounts.id, apiTokens.issuedBy))
    .where(eq(apiTokens.schoolId, school.id)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
  return rows.map(({ token: row, issuerEmail }) => ({
    id: row.id,
    purpose: row.purpose,
    scopes: row.scopes.split(' ') as Scope[],
    issuedVia: row.issuedVia,
    createdAt: row.createdAt,
    expiresOn: dayInZone(new Date(row.expiresAt), school.timeZone),
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    issuedBy: issuerEmail ?? shownIssuer(row.issuedBy)
  }))
}

/** Revokes a token; the next request made with it is refused. Returns false for an unknown token, or one of another school. */
export async function revokeToken(ctx: DomainContext, tokenId: string): Promise<boolean> {
  const { database } = ctx
  const ofSchool = eq(apiTokens.schoolId, ctx.school.id)
  const revoked = await database.transaction(async (tx) => {
    const at = timestampNow()
    const rows = await tx.update(apiTokens)
      .set({ revokedAt: at })
      .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt), ofSchool))
      .returning({ id: apiTokens.id, purpose: apiTokens.purpose })
    for (const token of rows) {
      await recordActivity(
        tx, ctx,
        { kind: 'token.revoked', subjectType: 'token', subjectId: token.id, summary: `Token "${token.purpose}" revoked`, changes: { revokedAt: [null, at] } }
      )
    }
    return rows
  })
  if (revoked.length) return true
  const [existing] = await database.db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.id, tokenId), ofSchool))
  return Boolean(existing)
}

/**
 * Rotation: issues the twin of a live token (same purpose, scopes and way of issue, a fresh expiry)
 * and leaves the old one working until it is revoked, once the integration has moved.
 */
export async function rotateToken(ctx: DomainContext, tokenId: string) {
  const [old] = await ctx.database.db.select().from(apiTokens).where(and(eq(apiTokens.id, tokenId), eq(apiTokens.schoolId, ctx.school.id)))
  if (!old) throw domainError('not_found', [`No token has the id ${tokenId}.`])
  if (old.revokedAt) throw domainError('unprocessable', ['A revoked token cannot be rotated: issue a new one.'])
  const scopes = old.scopes.split(' ').filter(isScope)
  // The new secret is the rotating member's to hand on: it may not carry more than they hold.
  refuseBeyondHolder(ctx, scopes, 'rotate a token')
  return issueRecordedToken(ctx, { purpose: old.purpose, scopes, issuedVia: old.issuedVia }, old.id)
}

/** The school a token belongs to, for the CLI, which names only the token; `not_found` for an unknown one. */
export async function schoolOfToken(database: Database, tokenId: string): Promise<SchoolRef> {
  const [row] = await database.db.select({ schoolId: apiTokens.schoolId }).from(apiTokens).where(eq(apiTokens.id, tokenId))
  if (!row) throw domainError('not_found', [`No token has the id ${tokenId}.`])
  return requireSchool(database, row.schoolId)
}

const lastUseWritten = new Map<string, number>()

/**
 * Notes that a token was used, writing at most once a minute per token and never on the request's
 * path: the caller does not wait, and a write another process's transaction would hold up is
 * skipped rather than waited for. A skipped or failed write is tried again at the token's next use,
 * so a busy database delays "last used" by a request, not by a minute.
 */
export function noteTokenUse(database: Database, tokenId: string, now = currentTime()) {
  const last = lastUseWritten.get(tokenId)
  if (last !== undefined && now.getTime() - last < 60_000) return
  if (lastUseWritten.size >= 100_000) lastUseWritten.clear()
  lastUseWritten.set(tokenId, now.getTime())
  database.transactionIfFree(tx => tx.update(apiTokens).set({ lastUsedAt: now.toISOString() }).where(eq(apiTokens.id, tokenId)))
    .catch((error) => {
      if (lastUseWritten.get(tokenId) === now.getTime()) lastUseWritten.delete(tokenId)
      logger.warn({ tokenId, fault: faultSummary(error) }, 'Recording a token\'s last use failed; the next use tries again')
    })
}
