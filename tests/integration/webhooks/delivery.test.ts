import { createHmac, createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { webhookDeliveries } from '../../../db/schema'
import { revokeToken } from '../../../server/domain/tokens/manage-tokens'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import {
  createWebhookSubscription, deleteWebhookSubscription, listWebhookSubscriptions, setWebhookSubscriptionToken
} from '../../../server/domain/webhooks/subscriptions'
import { listWebhookDeliveries, pruneWebhookDeliveries, retryWebhookDelivery } from '../../../server/domain/webhooks/deliveries'
import { deliverDueWebhooks } from '../../../server/domain/webhooks/delivery-worker'
import { retryDelayMs } from '../../../server/domain/webhooks/retry-schedule'
import { newSchool } from '../../support/schools'
import { privateAllowed, recordChanges, startReceiver, testClock } from '../../support/webhooks'

/** A school with a token and a subscription to `kinds` at `url`, and a worker stepping on its own clock. */
async function subscribed(url: string, kinds = ['person.created', 'person.updated']) {
  const school = await newSchool()
  const token = await school.tokenWithId(['person.read'])
  const subscription = await createWebhookSubscription(school.context, { url, kinds, tokenId: token.id }, privateAllowed)
  const clock = testClock()
  const deliver = () => deliverDueWebhooks(school.database, { now: clock.now, policy: privateAllowed, schoolIds: [school.id] })
  const deliveries = async () => (await listWebhookDeliveries(school.context, subscription.id, { limit: 1000 })).reverse()
  return { school, token, subscription, clock, deliver, deliveries }
}

describe('webhook delivery', () => {
  it('posts each subscribed change, signed with the hex SHA-256 of the secret as the HMAC key, and nothing else of the record', async () => {
    const receiver = await startReceiver()
    const { school, subscription, deliver } = await subscribed(receiver.url, ['person.updated'])
    await recordChanges(school.context, 'person.created', ['per_a'])
    await recordChanges(school.context, 'person.updated', ['per_a', 'per_b'])
    await recordChanges(school.context, 'affiliation.created', ['aff_c'], 'affiliations')
    await deliver()

    expect(receiver.ids()).toEqual(['per_a', 'per_b'])
    for (const post of receiver.posts) {
      const key = createHash('sha256').update(subscription.secret).digest('hex')
      expect(post.headers['service-signature']).toBe(`sha256=${createHmac('sha256', key).update(post.body).digest('hex')}`)
      expect(post.headers['content-type']).toBe('application/json')
      expect(post.headers['service-delivery']).toMatch(/^dlv_[0-9a-z]+$/)
      const body = JSON.parse(post.body)
      expect(Object.keys(body)).toEqual(['kind', 'table', 'id', 'at'])
      expect(body).toMatchObject({ kind: 'person.updated', table: 'people' })
      expect(body.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    }
    expect(new Set(receiver.posts.map(post => post.headers['service-delivery'])).size).toBe(2)
  })

  it('sends nothing while the school has turned its webhooks module off, and everything in order once it is back on', async () => {
    const receiver = await startReceiver()
    const { school, deliver } = await subscribed(receiver.url)
    await setSchoolModule(school.context, 'webhooks', 'off')
    await recordChanges(school.context, 'person.created', ['per_a', 'per_b'])
    expect(await deliver()).toBe(0)
    expect(receiver.posts).toHaveLength(0)

    // Read-only keeps the subscriptions as they are; it does not stop their deliveries.
    await setSchoolModule(school.context, 'webhooks', 'read_only')
    await deliver()
    expect(receiver.ids()).toEqual(['per_a', 'per_b'])
  })

  it('retries a failed delivery 1, 2 and 4 minutes later with the same id and body, and records each answer', async () => {
    const receiver = await startReceiver((_post, index) => index < 3 ? 503 : 202)
    const { school, clock, deliver, deliveries } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_a'])
    await deliver()
    expect(receiver.posts).toHaveLength(1)
    for (const [attempt, wait] of [[2, 60_000], [3, 120_000], [4, 240_000]] as const) {
      clock.advance(wait - 1)
      await deliver()
      expect(receiver.posts).toHaveLength(attempt - 1)
      clock.advance(1)
      await deliver()
      expect(receiver.posts).toHaveLength(attempt)
    }
    expect(new Set(receiver.posts.map(post => post.body)).size).toBe(1)
    expect(new Set(receiver.posts.map(post => post.headers['service-delivery'])).size).toBe(1)
    const [delivery] = await deliveries()
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 202, lastAnswer: 'answer 202' })
  })

  it('counts a redirect as a failure and does not follow it', async () => {
    const receiver = await startReceiver(post => post.path === '/hook'
      ? res => res.writeHead(301, { Location: '/elsewhere' }).end('moved')
      : 200)
    const { school, deliver, deliveries } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_a'])
    await deliver()
    expect(receiver.posts.map(post => post.path)).toEqual(['/hook'])
    const [delivery] = await deliveries()
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 301 })
    expect(delivery!.lastAnswer).toContain('/elsewhere')
  })

  it('fails a receiver that answers after 12 seconds', async () => {
    const receiver = await startReceiver(() => res => setTimeout(() => res.writeHead(200).end('late'), 12_000))
    const { school, deliver, deliveries } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_a'])
    await deliver()
    const [delivery] = await deliveries()
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null })
    expect(delivery!.lastAnswer).toMatch(/No answer within 10 s/)
    expect(delivery!.lastDurationMs).toBeGreaterThanOrEqual(9_900)
  }, 30_000)

  it('sends each delivery once when it reads the waiting ones again after the last post, before recording it', async () => {
    // Each post takes a second of the worker's clock, so the worker reads the waiting deliveries again after the last one.
    let takeASecond = () => {}
    const receiver = await startReceiver(() => {
      takeASecond()
      return 200
    })
    const { school, clock, deliver, deliveries } = await subscribed(receiver.url)
    takeASecond = () => clock.advance(1000)
    await recordChanges(school.context, 'person.created', ['per_1', 'per_2', 'per_3'])
    await deliver()
    expect(receiver.ids()).toEqual(['per_1', 'per_2', 'per_3'])
    expect((await deliveries()).map(delivery => [delivery.status, delivery.attempts])).toEqual(Array(3).fill(['delivered', 1]))
  })

  it('holds the deliveries behind one waiting for its retry, then sends them in change order', async () => {
    const receiver = await startReceiver((_post, index) => index === 0 ? 500 : 200)
    const { school, clock, deliver } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_1', 'per_2', 'per_3'])
    await deliver()
    expect(receiver.ids()).toEqual(['per_1'])
    await recordChanges(school.context, 'person.updated', ['per_4'])
    clock.advance(59_999)
    await deliver()
    expect(receiver.ids()).toEqual(['per_1'])
    clock.advance(1)
    await deliver()
    expect(receiver.ids()).toEqual(['per_1', 'per_1', 'per_2', 'per_3', 'per_4'])
  })

  it('gives a delivery up after its 13th failure, lets the next one go, and sends it again by hand', async () => {
    const receiver = await startReceiver(post => JSON.parse(post.body).id === 'per_bad' ? 500 : 200)
    const { school, clock, deliver, deliveries } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_bad', 'per_next'])
    for (let attempt = 1; attempt <= 13; attempt++) {
      await deliver()
      expect(receiver.ids().slice(0, attempt)).toEqual(Array(attempt).fill('per_bad'))
      if (attempt < 13) {
        expect(receiver.ids()).toHaveLength(attempt)
        clock.advance(retryDelayMs(attempt))
      }
    }
    expect(receiver.ids().slice(13)).toEqual(['per_next'])
    const [bad, next] = await deliveries()
    expect(bad).toMatchObject({ status: 'given_up', attempts: 13, lastStatus: 500, lastAnswer: 'answer 500', nextAttemptAt: null })
    expect(next).toMatchObject({ status: 'delivered', attempts: 1 })
    // 1 + 2 + … + 256 minutes, then three waits of six hours: a little over a day.
    expect(Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b) / 3_600_000).toBeCloseTo(26.5, 1)

    await retryWebhookDelivery(school.context, bad!.id, clock.now())
    await deliver()
    expect(receiver.ids().at(-1)).toBe('per_bad')
    expect((await deliveries())[0]).toMatchObject({ status: 'given_up', attempts: 14 })
  })

  it('sends nothing while the token is revoked, and resumes in order once a valid token is set', async () => {
    const receiver = await startReceiver()
    const { school, token, subscription, deliver } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_1'])
    await deliver()
    await revokeToken(school.context, token.id)
    await recordChanges(school.context, 'person.created', ['per_2', 'per_3'])
    await deliver()
    expect(receiver.ids()).toEqual(['per_1'])
    expect((await listWebhookSubscriptions(school.context))[0]).toMatchObject({ tokenState: 'revoked' })

    await expect(setWebhookSubscriptionToken(school.context, subscription.id, token.id)).rejects.toMatchObject({ code: 'validation_failed' })
    const fresh = await school.tokenWithId(['person.read'])
    await setWebhookSubscriptionToken(school.context, subscription.id, fresh.id)
    await deliver()
    expect(receiver.ids()).toEqual(['per_1', 'per_2', 'per_3'])
  })

  it('a slow receiver holds only its own subscription', async () => {
    // The slow receiver answers only once the test has looked, however long a loaded machine takes to get there.
    let release = () => {}
    const released = new Promise<void>((done) => {
      release = done
    })
    const slow = await startReceiver(() => (res) => {
      void released.then(() => res.writeHead(200).end())
    })
    const fast = await startReceiver()
    const school = await newSchool()
    const token = await school.tokenWithId(['person.read'])
    for (const url of [slow.url, fast.url]) await createWebhookSubscription(
      school.context, { url, kinds: ['person.created'], tokenId: token.id }, privateAllowed
    )
    await recordChanges(school.context, 'person.created', ['per_1', 'per_2', 'per_3'])
    const round = deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    await expect.poll(() => fast.posts.length, { timeout: 10_000 }).toBe(3)
    // The slow receiver has not answered its first post yet, so it has had one at most.
    expect(slow.posts.length).toBeLessThanOrEqual(1)
    release()
    await round
    expect(slow.ids()).toEqual(['per_1', 'per_2', 'per_3'])
  }, 30_000)

  it('a deleted subscription sends nothing more and keeps its history; old delivered rows are pruned', async () => {
    const receiver = await startReceiver()
    const { school, subscription, deliver, deliveries } = await subscribed(receiver.url)
    await recordChanges(school.context, 'person.created', ['per_1'])
    await deliver()
    await recordChanges(school.context, 'person.created', ['per_2'])
    await deleteWebhookSubscription(school.context, subscription.id)
    await deliver()
    expect(receiver.ids()).toEqual(['per_1'])
    expect((await deliveries()).map(d => d.status)).toEqual(['delivered'])
    expect(await listWebhookSubscriptions(school.context)).toEqual([])

    const [first] = await deliveries()
    await school.database.transaction(tx => tx.update(webhookDeliveries).set({ createdAt: '2000-01-01T00:00:00.000Z' })
      .where(eq(webhookDeliveries.id, first!.id)))
    expect(await pruneWebhookDeliveries(school.database, { retentionDays: 30 })).toBeGreaterThanOrEqual(1)
    expect(await deliveries()).toEqual([])
  })
})
