import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { activity } from '../../../db/schema'
import { createWebhookSubscription, pauseWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { listWebhookDeliveries, pageWebhookDeliveries } from '../../../server/domain/webhooks/deliveries'
import { deliverDueWebhooks } from '../../../server/domain/webhooks/delivery-worker'
import { sendTestWebhook } from '../../../server/domain/webhooks/test-delivery'
import { newSchool } from '../../support/schools'
import { privateAllowed, recordChanges, startReceiver } from '../../support/webhooks'

async function subscribed(url: string) {
  const school = await newSchool()
  const token = await school.tokenWithId(['person.read'])
  const subscription = await createWebhookSubscription(school.context, { url, kinds: ['person.created'], tokenId: token.id }, privateAllowed)
  const deliver = () => deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
  return { school, subscription, deliver }
}

describe('pausing a webhook subscription and sending it a test', () => {
  it('sends nothing while paused, then what waited in order once resumed; each change is in Activity', async () => {
    const receiver = await startReceiver()
    const { school, subscription, deliver } = await subscribed(receiver.url)
    await pauseWebhookSubscription(school.context, subscription.id, true)
    await recordChanges(school.context, 'person.created', ['per_a', 'per_b'])
    await deliver()
    expect(receiver.ids()).toEqual([])
    await expect(sendTestWebhook(school.context, subscription.id)).rejects.toMatchObject({ code: 'unprocessable' })

    await pauseWebhookSubscription(school.context, subscription.id, false)
    await deliver()
    expect(receiver.ids()).toEqual(['per_a', 'per_b'])
    const kinds = (await school.database.db.select().from(activity).where(eq(activity.schoolId, school.id))).map(entry => entry.kind)
      .filter(kind => kind.startsWith('webhook.')).sort()
    expect(kinds).toEqual(['webhook.changed', 'webhook.changed', 'webhook.created'])
  })

  it('a test delivery goes to that subscription only, as webhook.test, after what waited, and is listed newest first', async () => {
    const receiver = await startReceiver()
    const { school, subscription, deliver } = await subscribed(receiver.url)
    const other = await createWebhookSubscription(
      school.context, { url: `${receiver.url}/other`, kinds: ['person.created'], tokenId: subscription.tokenId }, privateAllowed
    )
    await recordChanges(school.context, 'person.created', ['per_a'])
    await sendTestWebhook(school.context, subscription.id)
    await deliver()
    const bodies = (path: string) => receiver.posts.filter(post => post.path === path).map(post => JSON.parse(post.body))
    expect(bodies('/hook').map(body => [body.kind, body.id])).toEqual([['person.created', 'per_a'], ['webhook.test', subscription.id]])
    expect(bodies('/hook/other').map(body => body.kind)).toEqual(['person.created'])
    expect((await listWebhookDeliveries(school.context, subscription.id)).map(row => [row.kind, row.status]))
      .toEqual([['webhook.test', 'delivered'], ['person.created', 'delivered']])
    expect((await listWebhookDeliveries(school.context, other.id)).map(row => row.kind)).toEqual(['person.created'])

    const first = await pageWebhookDeliveries(school.context, subscription.id, { limit: 1 })
    const second = await pageWebhookDeliveries(school.context, subscription.id, { limit: 1, after: first.next! })
    expect([...first.items, ...second.items].map(row => row.kind)).toEqual(['webhook.test', 'person.created'])
    expect(second.next).toBeNull()
  })
})
