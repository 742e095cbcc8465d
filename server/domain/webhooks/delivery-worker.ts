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
import type { Database, Db } from '../../../db/client'
import { newId } from '../shared/ids'
import { moduleOffIn } from '../access/switches'
import { claimWork, runClaim, workerOwner, type Claim } from '../workers/worker-driver'
import { destinationPolicy, type DestinationPolicy } from './destinations'
import { postWebhook, type DeliveryOutcome, type WebhookPost } from './post-webhook'
import { maximumDeliveryAttempts, retryDelayMs } from './retry-schedule'
import { webhookBodyOf } from './delivery-body'
import { deliveryHeaders } from './signing'
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

/** The subscription's token, the one set now, is neither revoked nor expired at `now`. */
function tokenUsable(now: number) {
  return sql`exists (select 1 from ${apiTokens} where ${apiTokens.id} = ${webhookSubscriptions.tokenId} and ${apiTokens.revokedAt} is null
    and ${apiTokens.expiresAt} > ${new Date(now).toISOString()})`
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
      tokenUsable(now),
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

type Delivery = typeof webhookDeliveries.$inferSelect

/** The subscription's pending deliveries in change order, the first `sendBatch` of them. */
function pendingDeliveries(database: Database, subscriptionId: string): Promise<Delivery[]> {
  return database.db.select().from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.sequence)).limit(sendBatch)
}

/**
 * The school's next outbox events past the subscription's place, read outside any transaction: only the
 * lease's holder moves the place, and a school's events commit in sequence order, so none is passed over.
 */
function eventsPast(database: Database, subscription: Subscription) {
  return database.db.select().from(changeEvents)
    .where(and(eq(changeEvents.schoolId, subscription.schoolId), gt(changeEvents.sequence, subscription.lastSequence)))
    .orderBy(asc(changeEvents.sequence)).limit(fanOutBatch)
}

/** The deliveries the events make for the subscription: those of the kinds it wants, and its own test deliveries (sendTestWebhook). */
function deliveriesOf(subscription: Subscription, events: (typeof changeEvents.$inferSelect)[], now: number): Delivery[] {
  const wanted = new Set(subscription.kinds.split(' '))
  const createdAt = new Date(now).toISOString()
  return events.filter(event => wanted.has(event.kind) || (event.kind === testWebhookKind && event.recordId === subscription.id)).map(event => ({
    id: newId('dlv'),
    subscriptionId: subscription.id,
    schoolId: subscription.schoolId,
    sequence: event.sequence,
    kind: event.kind,
    tableName: event.tableName,
    recordId: event.recordId,
    body: JSON.stringify(webhookBodyOf(event)),
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: now,
    lastAttemptAt: null,
    lastStatus: null,
    lastAnswer: null,
    lastDurationMs: null,
    deliveredAt: null,
    createdAt
  }))
}

/** Asked of the subscription's row as its lease is kept: may it send now (not deleted, not paused, its token, the one set now, usable)? */
function maySendCheck(now: number) {
  return and(isNull(webhookSubscriptions.deletedAt), isNull(webhookSubscriptions.pausedAt), tokenUsable(now))!
}

interface Attempt { delivery: Delivery, outcome: DeliveryOutcome, at: number }

/** Until when a failed attempt holds the subscription (its retry); 0 when the next delivery may go at once (a success, or given up). */
function holdAfter({ delivery, outcome, at }: Attempt): number {
  if (outcome.ok || delivery.attempts + 1 >= maximumDeliveryAttempts) return 0
  return at + retryDelayMs(delivery.attempts + 1)
}

/** Records an attempt's outcome on its delivery, unless the delivery stopped waiting meanwhile (its subscription deleted). */
async function recordAttempt(tx: Db, attempt: Attempt) {
  const { delivery, outcome, at } = attempt
  const attempts = delivery.attempts + 1
  const heldUntil = holdAfter(attempt)
  await tx.update(webhookDeliveries).set({
    status: outcome.ok ? 'delivered' : heldUntil ? 'pending' : 'given_up',
    attempts,
    nextAttemptAt: heldUntil || at,
    lastAttemptAt: new Date(at - outcome.durationMs).toISOString(),
    lastStatus: outcome.status,
    lastAnswer: outcome.answer,
    lastDurationMs: outcome.durationMs,
    deliveredAt: outcome.ok ? new Date(at).toISOString() : null
  }).where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
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
  const outcome = await runClaim(database, subscriptionQueue(undefined), settled, { ...claimed }, claim => sendWhileDue(database, claim, settled))
  if (outcome.kind === 'failed') throw outcome.fault
}

/**
 * Sends the subscription's deliveries in order while it may, then frees it. Each step is one write:
 * the last attempt's outcome, the deliveries new events make, and the lease kept (answering whether the
 * subscription may still send) or given up. The pending deliveries are read at the claim and then kept
 * here, read again only when those in hand are sent and a second has passed (a delivery sent again by hand).
 */
async function sendWhileDue(database: Database, claim: ClaimedSubscription, options: Settled): Promise<void> {
  const subscription = claim.row
  let due = await pendingDeliveries(database, subscription.id)
  let pendingReadAt = options.now()
  let morePending = due.length === sendBatch
  let attempt: Attempt | undefined
  for (;;) {
    if (due.length === 0 && (morePending || options.now() - pendingReadAt >= 1000)) {
      const pending = await pendingDeliveries(database, subscription.id)
      pendingReadAt = options.now()
      morePending = pending.length === sendBatch
      // The attempt just made is recorded below, with this step.
      due = pending.filter(delivery => delivery.id !== attempt?.delivery.id)
    }
    const events = due.length === 0 ? await eventsPast(database, subscription) : []
    const now = options.now()
    const fresh = deliveriesOf(subscription, events, now)
    due.push(...fresh)
    const failedUntil = attempt ? holdAfter(attempt) : 0
    const next = failedUntil ? undefined : due[0]
    const waitUntil = next && next.nextAttemptAt > now ? next.nextAttemptAt : 0
    const finished = Boolean(failedUntil || waitUntil || (!next && !morePending && events.length < fanOutBatch))
    const changes: Partial<Subscription> = { heldUntil: failedUntil || waitUntil, ...(events.length ? { lastSequence: events.at(-1)!.sequence } : {}) }
    // Just claimed, with nothing to record: the claim itself asked whether it may send.
    const maySend = !attempt && !events.length && !finished
      ? true
      : await database.transaction(async (tx) => {
          if (attempt) await recordAttempt(tx, attempt)
          if (fresh.length) await tx.insert(webhookDeliveries).values(fresh)
          if (finished) return claim.release(tx, changes).then(() => false)
          return claim.keep(tx, changes, maySendCheck(now))
        })
    if (events.length) subscription.lastSequence = events.at(-1)!.sequence
    attempt = undefined
    if (finished) return
    if (!maySend) {
      await database.transaction(tx => claim.release(tx))
      return
    }
    claim.checkStopping()
    if (!next) continue
    due.shift()
    const outcome = await options.post({
      url: subscription.url,
      body: next.body,
      headers: deliveryHeaders(next.id, subscription.signingKey, next.body)
    }, options.policy)
    attempt = { delivery: next, outcome, at: options.now() }
  }
}

/** One round: claims every ready subscription and serves each to the end. For tests and a task run by hand. */
export async function deliverDueWebhooks(database: Database, options: DeliveryWorkerOptions = {}): Promise<number> {
  const settled = settle(options)
  const claimed = await claimWebhookSubscriptions(database, settled, 1000)
  await Promise.all(claimed.map(subscription => serveWebhookSubscription(database, subscription, settled)))
  return claimed.length
}
