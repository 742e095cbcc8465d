import { and, asc, eq, isNull } from 'drizzle-orm'
import { accounts, onerosterAccessTokens, onerosterClients } from '../../../db/schema'
import { oneRosterScopes, type OneRosterScope } from '../../../shared/vocabulary'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { domainError, requirePlainLines } from '../shared/domain-error'
import type { DomainContext } from '../shared/context'
import { recordActivity } from '../activity/record-activity'
import { hashTokenSecret, newPrefixedSecret } from '../tokens/secrets'
import { issuerOf, shownIssuer } from '../tokens/issuer'
import { isOneRosterScope } from './scope-uris'

export interface CreateOneRosterClientInput {
  name: string
  scopes: string[]
}

/** The scopes as a client's row keeps them: known ones only, in the vocabulary's order, each once. */
const storedScopes = (scopes: readonly string[]) => oneRosterScopes.filter(scope => scopes.includes(scope)).join(' ')

/** A stored scope list read back; a word no longer in the vocabulary grants nothing. */
export const scopesOfRow = (scopes: string): OneRosterScope[] => scopes.split(' ').filter(isOneRosterScope)

/**
 * Makes a OneRoster client for the caller's school, the caller's capability already checked: its id is the OAuth
 * `client_id`, and its secret (`rbo_`, never taken for an API token) is returned here once, only its hash kept.
 */
export async function createOneRosterClient(ctx: DomainContext, input: CreateOneRosterClientInput) {
  requirePlainLines([['name', input.name]])
  const name = input.name.trim()
  if (!name) throw domainError('unprocessable', ['A client needs a name.'])
  const unknown = input.scopes.filter(scope => !isOneRosterScope(scope))
  if (unknown.length) throw domainError('unprocessable', [`Unknown scopes: ${unknown.join(', ')}.`])
  if (input.scopes.length === 0) throw domainError('unprocessable', ['A client needs at least one scope.'])
  const secret = newPrefixedSecret('rbo')
  const row = {
    id: newId('orc'),
    schoolId: ctx.school.id,
    name,
    scopes: storedScopes(input.scopes),
    secretHash: hashTokenSecret(secret),
    createdAt: timestampNow(),
    createdBy: issuerOf(ctx.actor),
    revokedAt: null,
    lastUsedAt: null
  }
  await ctx.database.transaction(async (tx) => {
    await tx.insert(onerosterClients).values(row)
    await recordActivity(tx, ctx, {
      kind: 'oneroster_client.created', subjectType: 'oneroster_client', subjectId: row.id,
      summary: `OneRoster client "${name}" made`, changes: { scopes: [null, row.scopes] }
    })
  })
  return { id: row.id, clientId: row.id, clientSecret: secret, name, scopes: scopesOfRow(row.scopes), createdAt: row.createdAt }
}

/** The school's OneRoster clients, oldest first, with who made each (their email) and when each last took a token; never a secret or its hash. */
export async function listOneRosterClients(ctx: DomainContext) {
  const rows = await ctx.database.db.select({ client: onerosterClients, creatorEmail: accounts.email }).from(onerosterClients)
    .leftJoin(accounts, eq(accounts.id, onerosterClients.createdBy))
    .where(eq(onerosterClients.schoolId, ctx.school.id)).orderBy(asc(onerosterClients.createdAt), asc(onerosterClients.id))
  return rows.map(({ client, creatorEmail }) => ({
    id: client.id,
    clientId: client.id,
    name: client.name,
    scopes: scopesOfRow(client.scopes),
    createdAt: client.createdAt,
    createdBy: creatorEmail ?? shownIssuer(client.createdBy),
    lastUsedAt: client.lastUsedAt,
    revokedAt: client.revokedAt
  }))
}

/**
 * Revokes a client and removes its access tokens in the same transaction, so the platform's next request is refused
 * at once rather than within the hour. False for an unknown client or one of another school; revoking again is true
 * and changes nothing.
 */
export async function revokeOneRosterClient(ctx: DomainContext, clientId: string): Promise<boolean> {
  const ofSchool = and(eq(onerosterClients.id, clientId), eq(onerosterClients.schoolId, ctx.school.id))
  return ctx.database.transaction(async (tx) => {
    const at = timestampNow()
    const [revoked] = await tx.update(onerosterClients).set({ revokedAt: at })
      .where(and(ofSchool, isNull(onerosterClients.revokedAt))).returning({ id: onerosterClients.id, name: onerosterClients.name })
    if (!revoked) return (await tx.select({ id: onerosterClients.id }).from(onerosterClients).where(ofSchool)).length > 0
    await tx.delete(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, clientId))
    await recordActivity(tx, ctx, {
      kind: 'oneroster_client.revoked', subjectType: 'oneroster_client', subjectId: revoked.id,
      summary: `OneRoster client "${revoked.name}" revoked`, changes: { revokedAt: [null, at] }
    })
    return true
  })
}
