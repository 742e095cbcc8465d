import { and, asc, count, eq, isNull, max } from 'drizzle-orm'
import { apiTokens, changeEvents, webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { WebhookEventKind } from '../../../shared/vocabulary'
import { webhookSubscriptionInputSchema } from '../../../shared/schemas/webhooks'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { currentTime, timestampNow } from '../days/clock'
import { checkDestination, destinationPolicy, type DestinationPolicy } from './destinations'
import { newSigningSecret, signingKeyOf } from './signing'
import { changedFields, recordActivity } from '../activity/record-activity'

export type TokenState = 'valid' | 'revoked' | 'expired'

/** Whether a token row may still be used: a subscription sends nothing while its token may not. */
export function tokenState(token: { revokedAt: string | null, expiresAt: string }, now = currentTime()): TokenState {
  if (token.revokedAt) return 'revoked'
  return token.expiresAt > now.toISOString() ? 'valid' : 'expired'
}

/** The token a subscription reads with: the school's own and usable now, or `validation_failed` on `tokenId`. */
async function requireUsableToken(ctx: DomainContext, tokenId: string) {
  const [token] = await ctx.database.db.select().from(apiTokens).where(and(eq(apiTokens.id, tokenId), eq(apiTokens.schoolId, ctx.school.id)))
  if (!token) throw validationFailed([{ path: 'tokenId', message: 'No token of this school has this id.' }])
  const state = tokenState(token)
  if (state !== 'valid') throw validationFailed([{ path: 'tokenId', message: `This token is ${state}.` }])
  return token
}

/**
 * Subscribes a destination to kinds of change, read with one of the school's tokens. The signing
 * secret is in the answer and nowhere else: only its HMAC key (its SHA-256) is kept. The subscription
 * is sent the changes committed after it was made.
 */
export async function createWebhookSubscription(ctx: DomainContext, input: unknown, policy: DestinationPolicy = destinationPolicy()) {
  const { url, kinds, tokenId } = parseInput(webhookSubscriptionInputSchema, input)
  await requireUsableToken(ctx, tokenId)
  const destination = await checkDestination(url, policy)
  if ('refused' in destination) throw validationFailed([{ path: 'url', message: destination.refused }])
  const secret = newSigningSecret()
  const row = {
    id: newId('sub'),
    schoolId: ctx.school.id,
    url: destination.url.href,
    kinds: [...new Set(kinds)].join(' '),
    tokenId,
    signingKey: signingKeyOf(secret),
    createdAt: timestampNow(),
    heldUntil: 0
  }
  await ctx.database.transaction(async (tx) => {
    // A school's events commit in sequence order (writeChanges), so every event after the last one
    // committed now belongs to this subscription, and none before it.
    const [last] = await tx.select({ sequence: max(changeEvents.sequence) }).from(changeEvents).where(eq(changeEvents.schoolId, ctx.school.id))
    await tx.insert(webhookSubscriptions).values({ ...row, lastSequence: Number(last?.sequence ?? 0) })
    await recordActivity(tx, ctx, {
      kind: 'webhook.created', subjectType: 'webhook', subjectId: row.id,
      summary: `Webhook subscription ${row.id} created for ${row.url}`,
      changes: { url: [null, row.url], kinds: [null, row.kinds.split(' ')], tokenId: [null, tokenId] }
    })
  })
  return { id: row.id, secret, url: row.url, kinds: row.kinds.split(' ') as WebhookEventKind[], tokenId, createdAt: row.createdAt }
}

/** The school's subscriptions (deleted ones left out) with their token's state and deliveries waiting; never a secret. */
export async function listWebhookSubscriptions(ctx: DomainContext) {
  const rows = await ctx.database.db.select({ subscription: webhookSubscriptions, token: { revokedAt: apiTokens.revokedAt, expiresAt: apiTokens.expiresAt } })
    .from(webhookSubscriptions).innerJoin(apiTokens, eq(apiTokens.id, webhookSubscriptions.tokenId))
    .where(and(eq(webhookSubscriptions.schoolId, ctx.school.id), isNull(webhookSubscriptions.deletedAt)))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id))
  const counts = await ctx.database.db.select({ subscriptionId: webhookDeliveries.subscriptionId, status: webhookDeliveries.status, count: count() })
    .from(webhookDeliveries).innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookSubscriptions.schoolId, ctx.school.id), isNull(webhookSubscriptions.deletedAt)))
    .groupBy(webhookDeliveries.subscriptionId, webhookDeliveries.status)
  const countOf = (id: string, status: string) => Number(counts.find(c => c.subscriptionId === id && c.status === status)?.count ?? 0)
  return rows.map(({ subscription, token }) => ({
    id: subscription.id,
    url: subscription.url,
    kinds: subscription.kinds.split(' ') as WebhookEventKind[],
    tokenId: subscription.tokenId,
    tokenState: tokenState(token),
    createdAt: subscription.createdAt,
    pausedAt: subscription.pausedAt,
    pending: countOf(subscription.id, 'pending'),
    givenUp: countOf(subscription.id, 'given_up')
  }))
}

/** The school's subscription, deleted or not; another school's is `not_found` exactly like a missing one. */
export async function requireWebhookSubscription(ctx: DomainContext, id: string) {
  const [row] = await ctx.database.db.select().from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.schoolId, ctx.school.id)))
  if (!row) throw domainError('not_found', [`No webhook subscription has the id ${id}.`])
  return row
}

/** Stops a subscription: nothing more is sent, deliveries still waiting are cancelled, and its history stays readable. */
export async function deleteWebhookSubscription(ctx: DomainContext, id: string) {
  const subscription = await requireWebhookSubscription(ctx, id)
  if (subscription.deletedAt) return { id, deletedAt: subscription.deletedAt }
  const deletedAt = timestampNow()
  await ctx.database.transaction(async (tx) => {
    await tx.update(webhookSubscriptions).set({ deletedAt }).where(eq(webhookSubscriptions.id, id))
    await tx.update(webhookDeliveries).set({ status: 'cancelled' })
      .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.status, 'pending')))
    await recordActivity(
      tx, ctx,
      { kind: 'webhook.deleted', subjectType: 'webhook', subjectId: id, summary: `Webhook subscription ${id} to ${subscription.url} deleted` }
    )
  })
  return { id, deletedAt }
}

/** Gives a subscription another of the school's tokens; deliveries that waited for a usable token go on, in order. */
export async function setWebhookSubscriptionToken(ctx: DomainContext, id: string, tokenId: string) {
  const subscription = await requireWebhookSubscription(ctx, id)
  if (subscription.deletedAt) throw domainError('unprocessable', ['This subscription was deleted.'])
  await requireUsableToken(ctx, tokenId)
  await ctx.database.transaction(async (tx) => {
    await tx.update(webhookSubscriptions).set({ tokenId }).where(eq(webhookSubscriptions.id, id))
    await recordActivity(tx, ctx, {
      kind: 'webhook.changed', subjectType: 'webhook', subjectId: id,
      summary: `Webhook subscription ${id} reads with another token`, changes: changedFields({ tokenId: subscription.tokenId }, { tokenId })
    })
  })
  return { id, tokenId }
}

/**
 * Pauses a subscription (`paused: true`) or resumes it: while paused nothing is sent, and the changes
 * made meanwhile wait as deliveries, in order, and go once it is resumed. Asking for the state it is
 * already in changes nothing and records nothing.
 */
export async function pauseWebhookSubscription(ctx: DomainContext, id: string, paused: boolean) {
  const subscription = await requireWebhookSubscription(ctx, id)
  if (subscription.deletedAt) throw domainError('unprocessable', ['This subscription was deleted.'])
  if (Boolean(subscription.pausedAt) === paused) return { id, pausedAt: subscription.pausedAt }
  const pausedAt = paused ? timestampNow() : null
  await ctx.database.transaction(async (tx) => {
    // Resuming lifts a retry's hold too, so what waited goes at once.
    await tx.update(webhookSubscriptions).set(paused ? { pausedAt } : { pausedAt, heldUntil: 0 }).where(eq(webhookSubscriptions.id, id))
    await recordActivity(tx, ctx, {
      kind: 'webhook.changed', subjectType: 'webhook', subjectId: id,
      summary: `Webhook subscription ${id} ${paused ? 'paused' : 'resumed'}`, changes: { paused: [!paused, paused] }
    })
  })
  return { id, pausedAt }
}

/** The school a subscription belongs to, for callers that know only its id (the admin CLI). */
export async function schoolOfWebhookSubscription(database: Database, id: string): Promise<string> {
  const [row] = await database.db.select({ schoolId: webhookSubscriptions.schoolId }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id))
  if (!row) throw domainError('not_found', [`No webhook subscription has the id ${id}.`])
  return row.schoolId
}
