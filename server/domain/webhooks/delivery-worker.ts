/**
 * The delivery worker (docs/webhooks.md). Its unit of work is a subscription: a worker claims ready
 * subscriptions with claimRows and holds each one's lease while it turns the school's new outbox
 * events into deliveries and sends the pending ones one at a time, in change order. Every step that
 * records something also checks and renews the lease in the same transaction, so a worker that lost
 * its lease (it stalled past it; another took over) records nothing more. Any number of processes
 * may run it: on PostgreSQL they claim with `FOR UPDATE SKIP LOCKED`, on SQLite on the one writer.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { apiTokens, changeEvents, schools, webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import type { ClaimQueue } from '../../../db/claim-rows'
import type { Database } from '../../../db/client'
import { newId } from '../shared/ids'
import { moduleOffIn } from '../access/switches'
import { claimWork, runClaim, workerOwner, type Claim } from '../workers/worker-driver'
import { destinationPolicy, type DestinationPolicy } from './destinations'
import { postWebhook, type DeliveryOutcome, type WebhookPost } from './post-webhook'
import { maximumDeliveryAttempts, retryDelayMs } from './retry-schedule'
import { webhookBodyOf } from './delivery-body'
import { deliveryHeaders } from './signing'
import { tokenState } from './subscriptions'
import { testWebhookKind } from './test-delivery'

type Subscription = typeof webhookSubscriptions.$inferSelect
type ClaimedSubscription = Claim<typeof webhookSubscriptions>

export interface DeliveryWorkerOptions {
  /** This worker (`workerOwner()`), unique among all processes on the database. */
  owner?: string
  /** Milliseconds since the epoch: tests step it through the retry schedule. */
  now?: () => number
  policy?: DestinationPolicy
  /** Serve only these schools' subscriptions (a test server serves only its own test's). */
  schoolIds?: readonly string[]
  /**
   * How long a claimed subscription is held without news from its worker (default 30 s): renewed with
   * every delivery, whose post takes at most ten seconds, and what a crashed worker's subscriptions wait.
   */
  leaseMs?: number
  /** Stands in for postWebhook (tests count what is sent without a receiver). */
  post?: (post: WebhookPost, policy: DestinationPolicy) => Promise<DeliveryOutcome>
  /** True once the process is stopping: a subscription is freed after the delivery in hand, not served to the end. */
  stopping?: () => boolean
}

type Settled = Required<Omit<DeliveryWorkerOptions, 'schoolIds'>> & Pick<DeliveryWorkerOptions, 'schoolIds'>

const fanOutBatch = 500
const sendBatch = 100

function settle(options: DeliveryWorkerOptions): Settled {
  return {
    owner: options.owner ?? workerOwner(),
    now: options.now ?? Date.now,
    policy: options.policy ?? destinationPolicy(),
    schoolIds: options.schoolIds,
    leaseMs: options.leaseMs ?? 30_000,
    post: options.post ?? postWebhook,
    stopping: options.stopping ?? (() => false)
  }
}

/**
 * Ready: not deleted, not paused, not held for a retry, its token usable, its school's webhooks module not off,
 * and work to do (outbox events past its place, or deliveries waiting). A subscription whose token is
 * revoked or expired, or whose school turned webhooks off, is never claimed, so its deliveries wait,
 * in order, until it may send again (docs/webhooks.md).
 */
function subscriptionQueue(schoolIds: readonly string[] | undefined): ClaimQueue<typeof webhookSubscriptions> {
  const s = webhookSubscriptions
  return {
    table: s,
    id: s.id,
    leaseOwner: s.leaseOwner,
    leaseUntil: s.leaseUntil,
    ready: now => and(
      isNull(s.deletedAt),
      isNull(s.pausedAt),
      lte(s.heldUntil, now),
      schoolIds ? inArray(s.schoolId, [...schoolIds]) : undefined,
      sql`exists (select 1 from ${apiTokens} where ${apiTokens.id} = ${s.tokenId} and ${apiTokens.revokedAt} is null
        and ${apiTokens.expiresAt} > ${new Date(now).toISOString()})`,
      sql`not exists (select 1 from ${schools} where ${schools.id} = ${s.schoolId} and ${moduleOffIn(schools.modules, 'webhooks')})`,
      or(
        sql`exists (select 1 from ${changeEvents} where ${changeEvents.schoolId} = ${s.schoolId} and ${changeEvents.sequence} > ${s.lastSequence})`,
        sql`exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.subscriptionId} = ${s.id} and ${webhookDeliveries.status} = 'pending')`
      )
    ),
    order: [asc(s.heldUntil), asc(s.id)]
  }
}

/** Claims up to `limit` ready subscriptions for this worker. */
export function claimWebhookSubscriptions(database: Database, options: DeliveryWorkerOptions, limit: number): Promise<Subscription[]> {
  const settled = settle(options)
  if (settled.schoolIds?.length === 0) return Promise.resolve([])
  return claimWork(database, subscriptionQueue(settled.schoolIds), settled, limit)
}

/** Turns the next outbox events past the subscription's place into deliveries of the kinds it wants; how many events it passed. */
async function fanOut(database: Database, claim: ClaimedSubscription, options: Settled): Promise<number> {
  const subscription = claim.row
  const wanted = new Set(subscription.kinds.split(' '))
  const createdAt = new Date(options.now()).toISOString()
  return database.transaction(async (tx) => {
    const events = await tx.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, subscription.schoolId), gt(changeEvents.sequence, subscription.lastSequence)))
      .orderBy(asc(changeEvents.sequence)).limit(fanOutBatch)
    if (events.length === 0) return 0
    // A test delivery is an event of its own kind addressed to one subscription (sendTestWebhook).
    const rows = events.filter(event => wanted.has(event.kind) || (event.kind === testWebhookKind && event.recordId === subscription.id)).map(event => ({
      id: newId('dlv'),
      subscriptionId: subscription.id,
      schoolId: subscription.schoolId,
      sequence: event.sequence,
      kind: event.kind,
      tableName: event.tableName,
      recordId: event.recordId,
      body: JSON.stringify(webhookBodyOf(event)),
      status: 'pending' as const,
      nextAttemptAt: options.now(),
      createdAt
    }))
    if (rows.length) await tx.insert(webhookDeliveries).values(rows)
    const lastSequence = events.at(-1)!.sequence
    await claim.keep(tx, { lastSequence })
    subscription.lastSequence = lastSequence
    return events.length
  })
}

/** Whether the subscription may send now: not deleted, not paused, and its token (the one set now) usable. */
async function maySend(database: Database, subscriptionId: string, now: number): Promise<boolean> {
  const [row] = await database.db.select({
    deletedAt: webhookSubscriptions.deletedAt, pausedAt: webhookSubscriptions.pausedAt, revokedAt: apiTokens.revokedAt,
    expiresAt: apiTokens.expiresAt
  })
    .from(webhookSubscriptions).innerJoin(apiTokens, eq(apiTokens.id, webhookSubscriptions.tokenId)).where(eq(webhookSubscriptions.id, subscriptionId))
  return Boolean(row && !row.deletedAt && !row.pausedAt && tokenState(row, new Date(now)) === 'valid')
}

/**
 * Records an attempt's outcome; returns until when the subscription is held (the failed delivery's
 * next attempt), or 0 when the next delivery may go at once (this one succeeded or was given up).
 */
async function recordOutcome(
  database: Database, claim: ClaimedSubscription, delivery: typeof webhookDeliveries.$inferSelect, outcome: DeliveryOutcome, options: Settled
): Promise<number> {
  const now = options.now()
  const attempts = delivery.attempts + 1
  const givenUp = !outcome.ok && attempts >= maximumDeliveryAttempts
  const heldUntil = outcome.ok || givenUp ? 0 : now + retryDelayMs(attempts)
  await database.transaction(async (tx) => {
    await claim.keep(tx, { heldUntil })
    await tx.update(webhookDeliveries).set({
      status: outcome.ok ? 'delivered' : givenUp ? 'given_up' : 'pending',
      attempts,
      nextAttemptAt: heldUntil || now,
      lastAttemptAt: new Date(now - outcome.durationMs).toISOString(),
      lastStatus: outcome.status,
      lastAnswer: outcome.answer,
      lastDurationMs: outcome.durationMs,
      deliveredAt: outcome.ok ? new Date(now).toISOString() : null
    }).where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
  })
  return heldUntil
}

/**
 * Serves one claimed subscription until it has nothing to send, must wait for a retry, or may not
 * send; then frees it. Deliveries leave one at a time in change order, so a slow receiver holds its
 * own subscription only.
 */
export async function serveWebhookSubscription(database: Database, claimed: Subscription, options: DeliveryWorkerOptions = {}): Promise<void> {
  const settled = settle(options)
  // Lost: another worker holds the subscription now and carries on from what was recorded. Handed
  // back: freed after the delivery in hand, not served to the end.
  const outcome = await runClaim(database, subscriptionQueue(undefined), settled, { ...claimed }, async (claim) => {
    const changes = await sendWhileDue(database, claim, settled)
    await database.transaction(tx => claim.release(tx, changes))
  })
  if (outcome.kind === 'failed') throw outcome.fault
}

/** Sends the subscription's deliveries in order while it may; what to set on it as it is freed. */
async function sendWhileDue(database: Database, claim: ClaimedSubscription, options: Settled): Promise<Partial<Subscription>> {
  const subscription = claim.row
  for (;;) {
    claim.checkStopping()
    const passed = await fanOut(database, claim, options)
    const due = await database.db.select().from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.subscriptionId, subscription.id), eq(webhookDeliveries.status, 'pending')))
      .orderBy(asc(webhookDeliveries.sequence)).limit(sendBatch)
    if (due.length === 0 && passed === 0) return {}
    for (const delivery of due) {
      claim.checkStopping()
      if (delivery.nextAttemptAt > options.now()) return { heldUntil: delivery.nextAttemptAt }
      if (!await maySend(database, subscription.id, options.now())) return {}
      const outcome = await options.post({
        url: subscription.url,
        body: delivery.body,
        headers: deliveryHeaders(delivery.id, subscription.signingKey, delivery.body)
      }, options.policy)
      // A failure holds the subscription until the retry (recorded with the outcome).
      if (await recordOutcome(database, claim, delivery, outcome, options)) return {}
    }
  }
}

/** One round: claims every ready subscription and serves each to the end. For tests and a task run by hand. */
export async function deliverDueWebhooks(database: Database, options: DeliveryWorkerOptions = {}): Promise<number> {
  const settled = settle(options)
  const claimed = await claimWebhookSubscriptions(database, settled, 1000)
  await Promise.all(claimed.map(subscription => serveWebhookSubscription(database, subscription, settled)))
  return claimed.length
}
