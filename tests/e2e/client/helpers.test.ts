import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook, webhookDeliveryId } from '../../../clients/typescript/src/index'
import { recordedClient } from '../../support/rollbook-client'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { inOneMinute } from '../../support/minute-window'
import { privateAllowed, startReceiver } from '../../support/webhooks'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { deliverDueWebhooks } from '../../../server/domain/webhooks/delivery-worker'

const enquiry = () => ({
  student: { familyName: `Helper${randomUUID().slice(0, 8)}`, givenNames: 'Aroha' },
  enquirer: { familyName: 'Helper', givenNames: 'Wiremu', relationship: 'father', email: `wiremu.${randomUUID().slice(0, 8)}@example.org` }
})

/** A 429 in the API's envelope, as a fetch of the test's own answers it. */
const tooMany = (retryAfter: string) => new Response(JSON.stringify({
  statusCode: 429, statusMessage: 'Too Many Requests', data: { code: 'rate_limited', detail: ['Wait.'], traceId: 'test' }
}), {
  status: 429, headers: { 'content-type': 'application/json', 'retry-after': retryAfter }
})

describe('the TypeScript client\'s own layer, against the built server', () => {
  it('walks every page of a list by its cursor: client.people.all(), client.all(path) and pages', async () => {
    const school = await newSchool()
    const names = ['Ara', 'Bea', 'Cai', 'Dov', 'Eli']
    const ids = await addPeopleWithSpans(school, names.map(familyName => ({ familyName, givenNames: 'Paged' })))
    const { client, sent } = recordedClient(await school.token(['person.read', 'event.read']))

    const people = []
    for await (const person of client.people.all({ limit: 2 })) people.push(person)
    expect(people.map(person => person.id).sort()).toEqual([...ids].sort())
    // Three pages of two, two and one; the last one's null cursor ends the walk.
    expect(sent.map(request => new URL(request.url).searchParams.has('cursor'))).toEqual([false, true, true])

    const viaPath = []
    for await (const person of client.all('/people', { limit: 4 })) viaPath.push(person.id)
    expect(viaPath.sort()).toEqual([...ids].sort())

    // The feed's cursor is `after` and always set: the walk ends at its first empty page.
    const pages = []
    for await (const page of client.events.pages({ limit: 2, kinds: 'person.created' })) pages.push(page.items.map(event => event.id))
    expect(pages.flat().sort()).toEqual([...ids].sort())
    expect(pages.at(-1)).toEqual([])
    expect(sent.slice(-pages.length).map(request => new URL(request.url).searchParams.has('after'))).toEqual([false, ...pages.slice(1).map(() => true)])
  })

  it('sends a random Idempotency-Key with every write, and the caller\'s own replays the first answer', async () => {
    const school = await newSchool()
    const { client, sent } = recordedClient(await school.token(['enquiry.write', 'person.read']))
    const first = await client.POST('/enquiries', { body: enquiry() })
    const second = await client.POST('/enquiries', { body: enquiry() })
    await client.GET('/people')
    const keys = sent.map(request => request.headers.get('idempotency-key'))
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keys[1]).not.toBe(keys[0])
    expect(keys[2]).toBeNull()
    expect(first.data!.id).not.toBe(second.data!.id)

    const body = enquiry()
    const key = `client-test-${randomUUID()}`
    const original = await client.POST('/enquiries', { body, params: { header: { 'Idempotency-Key': key } } })
    const replay = await client.POST('/enquiries', { body, params: { header: { 'Idempotency-Key': key } } })
    expect([original.response.status, replay.response.status]).toEqual([201, 201])
    expect(original.response.headers.get('idempotency-replayed')).toBeNull()
    expect(replay.response.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.data).toEqual(original.data)
    expect(sent.slice(-2).map(request => request.headers.get('idempotency-key'))).toEqual([key, key])
  })

  it('waits out a 429\'s Retry-After and sends the same write again, with the same key', async () => {
    const school = await newSchool()
    const { client, sent } = recordedClient(await school.token(['enquiry.write']), { answer: (_, index) => index === 0 ? tooMany('1') : undefined })
    const started = performance.now()
    const answer = await client.POST('/enquiries', { body: enquiry() })
    expect(answer.response.status).toBe(201)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(sent.map(request => request.status)).toEqual([429, 201])
    expect(sent[1]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'))
  })

  it('hands back the server\'s own 429 when its Retry-After is longer than the client may wait, and retries only as often as allowed', async () => {
    const school = await newSchool()
    // Roster sets are limited to six a minute per token. The limit counts per clock minute: the eight requests
    // must not straddle two, however long the machine takes (a fresh token each try).
    const { token, statuses, sent, refused } = await inOneMinute(3, async () => {
      const token = await school.token(['roster.read'], { issuedVia: 'rostering' })
      const { client, sent } = recordedClient(token, { retry: { maxWaitSeconds: 0 } })
      const statuses = []
      for (let i = 0; i < 7; i++) statuses.push((await client.GET('/roster/{format}', { params: { path: { format: 'sds' } } })).response.status)
      const sentBefore = [...sent]
      return { token, statuses, sent: sentBefore, refused: await client.GET('/roster/{format}', { params: { path: { format: 'sds' } } }) }
    })
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429])
    expect(sent).toHaveLength(7)
    expect(refused.error?.data.code).toBe('rate_limited')
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0)

    // Answered 429 every time, the client tries as many times more as it may and then hands the 429 back.
    const { client: bounded, sent: boundedSent } = recordedClient(token, { retry: { attempts: 2 }, answer: () => tooMany('0') })
    expect((await bounded.GET('/roster/{format}', { params: { path: { format: 'sds' } } })).response.status).toBe(429)
    expect(boundedSent.map(request => request.status)).toEqual([429, 429, 429])
  })

  it('verifies a real delivery with verifyWebhook, and refuses a tampered body, another secret and a missing signature', async () => {
    const school = await newSchool()
    const receiver = await startReceiver()
    const token = await school.tokenWithId(['enquiry.write'])
    const subscription = await createWebhookSubscription(school.context, { url: receiver.url, kinds: ['enquiry.created'], tokenId: token.id }, privateAllowed)
    const { client } = recordedClient(token.token)
    const made = await client.POST('/enquiries', { body: enquiry() })
    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })

    const [post] = receiver.posts
    expect(JSON.parse(post!.body)).toMatchObject({ kind: 'enquiry.created', id: made.data!.id })
    expect(verifyWebhook(post!.body, post!.headers, subscription.secret)).toBe(true)
    expect(verifyWebhook(Buffer.from(post!.body), new Headers(post!.headers as Record<string, string>), subscription.secret)).toBe(true)
    expect(webhookDeliveryId(post!.headers)).toMatch(/^dlv_/)

    expect(verifyWebhook(post!.body.replace(made.data!.id, 'enq_0000000000000000'), post!.headers, subscription.secret)).toBe(false)
    expect(verifyWebhook(`${post!.body} `, post!.headers, subscription.secret)).toBe(false)
    expect(verifyWebhook(post!.body, post!.headers, `${subscription.secret}x`)).toBe(false)
    expect(verifyWebhook(post!.body, { ...post!.headers, 'service-signature': undefined }, subscription.secret)).toBe(false)
    expect(verifyWebhook(post!.body, { 'service-signature': 'sha256=00' }, subscription.secret)).toBe(false)
  })
})
