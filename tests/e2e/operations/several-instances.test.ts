import { describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { privateAllowed, startReceiver } from '../../support/webhooks'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { exitOf, expectWholeEnquiries, sendEnquiries } from '../../support/enquiry-load'
import { callApi } from '../../support/api'

/**
 * Two instances on one database, as a district runs them behind a load balancer (docs/operations.md).
 * On SQLite the two processes share one file's writer: not a setup to run a district on, but the
 * guarantees are the same, so the test runs on both databases.
 */
describe('two instances on one database', () => {
  it('one killed mid-load: no acknowledged write lost, the survivor makes every delivery once, taking over the dead one\'s claims when their lease ends, '
    + 'and the events feed read meanwhile gives each change once, in order', async () => {
    // Each post takes a moment, so a backlog builds and each instance is mid-subscription when killed.
    const receiver = await startReceiver(() => (response) => {
      setTimeout(() => response.writeHead(200).end('ok'), 30)
    })
    const school = await newSchool()
    const token = await school.token(['enquiry.write'])
    const readToken = await school.tokenWithId(['person.read'])
    const paths = ['a', 'b', 'c', 'd']
    const subscriptions = await Promise.all(paths.map(path =>
      createWebhookSubscription(school.context, { url: `${receiver.url}/${path}`, kinds: ['enquiry.created'], tokenId: readToken.id }, privateAllowed)))
    const env = { WEBHOOKS_ALLOW_PRIVATE: 'true', ROLLBOOK_WEBHOOK_SCHOOLS: school.id, ROLLBOOK_WEBHOOK_LEASE_MS: '3000', RATE_LIMIT_SCALE: '1000' }
    const servers: RunningServer[] = await Promise.all([startBuiltServer(env), startBuiltServer(env)])
    const killed: { server?: RunningServer, held: string[] } = { held: [] }
    const database = school.database
    // A consumer of the events feed polls (on the suite's own server) while both instances write: small pages,
    // so it reads behind and alongside commits that land in any order across the two processes.
    const feedToken = await school.token(['event.read', 'enquiry.write'])
    const fed: { id: string, sequence: number }[] = []
    let feedCursor: string | undefined
    let loading = true
    const readFeed = async () => {
      const answer = await callApi(
        `/api/v1/events?kinds=enquiry.created&limit=25${feedCursor ? `&after=${encodeURIComponent(feedCursor)}` : ''}`, { token: feedToken }
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      fed.push(...answer.body.items.map((item: { id: string, sequence: number }) => ({ id: item.id, sequence: item.sequence })))
      feedCursor = answer.body.nextCursor
      return answer.body.items.length as number
    }
    const consumer = (async () => {
      while (loading) {
        await readFeed()
        await new Promise(done => setTimeout(done, 250))
      }
    })()
    try {
      let killing: Promise<void> | undefined
      let acknowledgedCount = 0
      // Kills the instance that holds a subscription at that moment, noting which ones it held.
      const killAHolder = async () => {
        for (;;) {
          const leased = await database.db.select({ id: webhookSubscriptions.id, owner: webhookSubscriptions.leaseOwner }).from(webhookSubscriptions)
            .where(and(eq(webhookSubscriptions.schoolId, school.id), isNotNull(webhookSubscriptions.leaseOwner)))
          const holder = servers.find(server => leased.some(row => row.owner!.includes(`:${server.process.pid}:`)))
          if (holder) {
            holder.process.kill('SIGKILL')
            killed.server = holder
            killed.held = leased.filter(row => row.owner!.includes(`:${holder.process.pid}:`)).map(row => row.id)
            await exitOf(holder.process)
            return
          }
          await new Promise(done => setTimeout(done, 20))
        }
      }
      const { acknowledged, unacknowledged } = await sendEnquiries(servers.map(server => server.url), token, {
        concurrency: 8,
        stop: () => Boolean(killed.server) && acknowledgedCount >= 160,
        onAcknowledged: (count) => {
          acknowledgedCount = count
          if (count >= 60) killing ??= killAHolder()
        }
      })
      await killing
      loading = false
      await consumer
      expect(killed.held.length).toBeGreaterThan(0)
      expect(unacknowledged).toBeGreaterThan(0)

      // Every acknowledged enquiry is stored, whole; stored ones the dead instance never answered count too.
      const stored = await expectWholeEnquiries(database, school.id, acknowledged)
      while (await readFeed() > 0);
      expect(fed.map(item => item.id).sort()).toEqual([...stored].sort())
      expect(fed.every((item, i) => i === 0 || item.sequence > fed[i - 1]!.sequence)).toBe(true)
      const receivedOn = (path: string) => receiver.posts.filter(post => post.path === `/hook/${path}`)
      await expect.poll(() => paths.map(path => new Set(receivedOn(path).map(post => JSON.parse(post.body).id)).size), { timeout: 45_000, interval: 250 })
        .toEqual(paths.map(() => stored.length))
      for (const [index, path] of paths.entries()) {
        const posts = receivedOn(path)
        const byDelivery = new Map(posts.map(post => [post.headers['service-delivery'] as string, JSON.parse(post.body).id as string]))
        // One delivery per change, each received; sent twice only if it was in flight when its sender died.
        expect([...byDelivery.values()].sort()).toEqual([...stored].sort())
        expect(posts.length - byDelivery.size).toBeLessThanOrEqual(killed.held.includes(subscriptions[index]!.id) ? 1 : 0)
        const recorded = await database.db.select({ id: webhookDeliveries.id, status: webhookDeliveries.status }).from(webhookDeliveries)
          .where(eq(webhookDeliveries.subscriptionId, subscriptions[index]!.id))
        expect(recorded.map(row => row.id).sort()).toEqual([...byDelivery.keys()].sort())
        await expect.poll(async () => (await database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries)
          .where(eq(webhookDeliveries.subscriptionId, subscriptions[index]!.id))).every(row => row.status === 'delivered'), { timeout: 10_000 }).toBe(true)
      }
    } finally {
      loading = false
      await Promise.all(servers.map(server => server.stop()))
    }
  }, 90_000)
})
