import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import { newSchool } from '../../support/schools'
import { startBuiltServer } from '../../support/server-process'
import { privateAllowed, recordChanges, startReceiver } from '../../support/webhooks'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { exitOf, expectWholeEnquiries, sendEnquiries } from '../../support/enquiry-load'

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the writes in flight, refuses the rest, stores every acknowledged write whole and exits 0', async () => {
    const school = await newSchool()
    const token = await school.token(['enquiry.write'])
    const server = await startBuiltServer({ RATE_LIMIT_SCALE: '1000' })
    let goneAt = Infinity
    const exited = exitOf(server.process)
    void exited.then(() => goneAt = Date.now())
    let signalled = false
    const { acknowledged, unacknowledged } = await sendEnquiries([server.url], token, {
      concurrency: 12,
      // Posts go on a moment after the exit, which the server no longer answers.
      stop: () => Date.now() > goneAt + 200,
      onAcknowledged: (count) => {
        if (count >= 30 && !signalled) {
          signalled = true
          server.process.kill('SIGTERM')
        }
      }
    })
    expect(await exited).toBe(0)
    expect(server.output()).not.toMatch(/Graceful shutdown timeout/)
    expect(acknowledged.length).toBeGreaterThanOrEqual(30)
    expect(unacknowledged).toBeGreaterThan(0)
    await expectWholeEnquiries(school.database, school.id, acknowledged)
  })

  it('hands back a claimed webhook subscription after the delivery in flight, recording what it sent', async () => {
    // Each post takes a moment, so the server is mid-backlog when it is told to stop.
    const receiver = await startReceiver(() => (response) => {
      setTimeout(() => response.writeHead(200).end('ok'), 100)
    })
    const school = await newSchool()
    const token = await school.tokenWithId(['person.read'])
    const subscription = await createWebhookSubscription(school.context, { url: receiver.url, kinds: ['person.created'], tokenId: token.id }, privateAllowed)
    await recordChanges(school.context, 'person.created', Array.from({ length: 40 }, (_, i) => `per_shutdown_${i}`))
    const server = await startBuiltServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', ROLLBOOK_WEBHOOK_SCHOOLS: school.id })
    const exited = exitOf(server.process)
    await expect.poll(() => receiver.posts.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(3)
    server.process.kill('SIGTERM')
    expect(await exited).toBe(0)

    const [held] = await school.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscription.id))
    expect(held).toMatchObject({ leaseOwner: null, leaseUntil: null })
    const deliveries = await school.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscription.id))
    const delivered = deliveries.filter(delivery => delivery.status === 'delivered').map(delivery => delivery.id)
    // Nothing was sent that is not recorded as delivered, and the rest waits for the next instance.
    expect(receiver.posts.map(post => post.headers['service-delivery']).sort()).toEqual(delivered.sort())
    expect(delivered.length).toBeLessThan(40)
  })
})
