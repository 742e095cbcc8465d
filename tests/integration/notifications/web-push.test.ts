import { createServer } from 'node:http'
import { createPrivateKey, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { generateRequestDetails } from 'web-push'
import { sendPush, type PushOptions } from '../../../server/domain/notifications/push/send-push'
import { makeVapidKeys } from '../../../server/domain/notifications/push/vapid-keys'
import { systemResolver, type DestinationPolicy } from '../../../server/domain/webhooks/destinations'
import { startPushService, type PushService, type PushServiceSubscription } from '../../support/push-service'
import { privateAllowed } from '../../support/webhooks'

/*
 * Web Push end to end (docs/notifications.md, "Phone notifications"): sendPush encrypts and signs with
 * web-push and posts through the webhook poster; the loopback service decrypts each message and checks
 * its VAPID signature with code of its own (tests/support/push-service.ts).
 */
describe('Web Push to a push service', () => {
  let service: PushService
  const school = { ...makeVapidKeys(), subject: 'mailto:office@school.example.org' }
  const notice = { title: 'New message from Hill School', body: 'Open the portal to read it.', url: '/family/messages/msg_1', tag: 'msg_1' }
  const normal: PushOptions = { ttlSeconds: 3600, urgency: 'normal', policy: privateAllowed }
  /** A subscription as a browser makes it with the school's key as its applicationServerKey. */
  const subscribed = () => service.subscribe({ applicationServerKey: school.publicKey })

  beforeAll(async () => {
    service = await startPushService()
  })
  afterAll(() => service.close())

  it('arrives, decrypted with the subscription\'s keys, as the payload sent, with the TTL, urgency and topic asked for', async () => {
    const phone = subscribed()
    const outcome = await sendPush(phone, notice, school, { ...normal, ttlSeconds: 86_400, urgency: 'high', topic: 'msg_1' })

    expect(outcome).toEqual({ accepted: true, status: 201 })
    expect(service.received.filter(push => push.id === phone.id)).toEqual([{ id: phone.id, payload: notice, ttl: 86_400, urgency: 'high', topic: 'msg_1' }])
  })

  it('reaches each of a family\'s phones encrypted for that phone alone', async () => {
    const phones = [subscribed(), subscribed()]
    for (const phone of phones) expect(await sendPush(phone, { ...notice, tag: phone.id }, school, normal)).toMatchObject({ accepted: true })
    expect(phones.map(phone => service.received.find(push => push.id === phone.id)?.payload)).toEqual(phones.map(phone => ({ ...notice, tag: phone.id })))

    // The message for one phone, sent to the other's endpoint, does not decrypt there.
    const [first, second] = phones as [PushServiceSubscription, PushServiceSubscription]
    const crossed = await sendPush({ endpoint: first.endpoint, keys: second.keys }, notice, school, normal)
    expect(crossed).toMatchObject({ accepted: false, permanent: true, summary: '400 does not decrypt with the subscription\'s keys' })
  })

  it.each([410, 404])('a subscription the service answers %i for has expired: nothing arrives', async (status) => {
    const phone = subscribed()
    service.refuse(phone.id, status)
    const received = service.received.length

    expect(await sendPush(phone, notice, school, normal)).toEqual({ expired: true, status })
    expect(service.received).toHaveLength(received)
  })

  it.each([
    [503, false], [500, false], [429, false], [400, true], [403, true], [413, true]
  ])('an answer of %i is a failure, permanent: %s', async (status, permanent) => {
    const phone = subscribed()
    service.failFor(1, status)
    const outcome = await sendPush(phone, notice, school, normal)

    expect(outcome).toEqual({ accepted: false, permanent, summary: `${status} failing on request` })
    // The service has answered again: the same push goes through.
    expect(await sendPush(phone, notice, school, normal)).toEqual({ accepted: true, status: 201 })
  })

  it('a service that does not answer in time is a passing failure', async () => {
    const silent = createServer(() => {})
    await new Promise<void>(done => silent.listen(0, '127.0.0.1', done))
    onTestFinished(() => new Promise<void>((done) => {
      silent.closeAllConnections()
      silent.close(() => done())
    }))
    const port = (silent.address() as { port: number }).port
    const phone = subscribed()

    const outcome = await sendPush({ ...phone, endpoint: `http://127.0.0.1:${port}/push/${phone.id}` }, notice, school, { ...normal, timeoutMs: 300 })
    expect(outcome).toEqual({ accepted: false, permanent: false, summary: 'No answer within 0.3 s.' })
  })

  it('a push signed with another school\'s key is refused by a subscription made with this school\'s', async () => {
    const phone = subscribed()
    const other = { ...makeVapidKeys(), subject: school.subject }
    const outcome = await sendPush(phone, notice, other, normal)

    expect(outcome).toEqual({ accepted: false, permanent: true, summary: '403 vapid key is not the one the subscription was made with' })
    expect(service.received.some(push => push.id === phone.id)).toBe(false)
  })

  describe('the service\'s own VAPID check refuses', () => {
    /** Posts what web-push makes for `phone`, its Authorization changed by `tamper`, straight to the service. */
    async function postTampered(phone: PushServiceSubscription, tamper: (authorization: string) => string) {
      const details = generateRequestDetails(phone, JSON.stringify(notice), {
        vapidDetails: school, TTL: 60, contentEncoding: 'aes128gcm'
      })
      const headers = { ...details.headers, Authorization: tamper(details.headers.Authorization!) }
      const response = await fetch(phone.endpoint, { method: 'POST', headers: stringValues(headers), body: new Uint8Array(details.body) })
      return { status: response.status, reason: (await response.text()).trim() }
    }
    const stringValues = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]))
    const jwtOf = (authorization: string) => /t=([^,\s]+)/.exec(authorization)![1]!
    /** A JWT with these claims, signed ES256 with the school's private key, in place of web-push's. */
    const resigned = (claims: (original: Record<string, unknown>) => Record<string, unknown>, dsaEncoding: 'ieee-p1363' | 'der' = 'ieee-p1363') =>
      (authorization: string) => {
        const [header, payload] = jwtOf(authorization).split('.') as [string, string]
        const changed = Buffer.from(JSON.stringify(claims(JSON.parse(Buffer.from(payload, 'base64url').toString())))).toString('base64url')
        const privateKey = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: school.privateKey, ...pointXY(school.publicKey) }, format: 'jwk' })
        const signature = sign('sha256', Buffer.from(`${header}.${changed}`), { key: privateKey, dsaEncoding })
        return authorization.replace(jwtOf(authorization), `${header}.${changed}.${signature.toString('base64url')}`)
      }
    const pointXY = (publicKey: string) => {
      const point = Buffer.from(publicKey, 'base64url')
      return { x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }
    }

    it('a key in k that did not make the signature', async () => {
      // Unbound, so that only the signature can tell: the subscription takes any key.
      const phone = service.subscribe()
      const stranger = makeVapidKeys().publicKey
      expect(await postTampered(phone, authorization => authorization.replace(/k=[A-Za-z0-9_-]+/, `k=${stranger}`)))
        .toEqual({ status: 403, reason: 'JWT signature does not verify with k' })
    })

    it.each([
      ['a changed signature', (authorization: string) => {
        const jwt = jwtOf(authorization)
        const signature = Buffer.from(jwt.split('.')[2]!, 'base64url')
        signature[5] = signature[5]! ^ 1
        return authorization.replace(jwt, `${jwt.split('.').slice(0, 2).join('.')}.${signature.toString('base64url')}`)
      }, 'JWT signature does not verify with k'],
      ['a DER signature in place of r || s', resigned(claims => claims, 'der'), 'JWT signature does not verify with k'],
      ['another audience', resigned(claims => ({ ...claims, aud: 'https://push.example.org' })), 'JWT aud is not the endpoint\'s origin'],
      ['an expiry passed', resigned(claims => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })), 'JWT exp is not in the future'],
      ['an expiry more than a day ahead', resigned(claims => ({ ...claims, exp: Math.floor(Date.now() / 1000) + 25 * 3600 })),
        'JWT exp is more than 24 hours ahead'],
      ['a subject that is not mailto: or https:', resigned(claims => ({ ...claims, sub: 'http://school.example.org' })), 'JWT sub is not a mailto: or https: URL'],
      ['no vapid scheme', () => 'WebPush abc', 'no vapid Authorization']
    ])('%s', async (_case, tamper, reason) => {
      const phone = subscribed()
      expect(await postTampered(phone, tamper)).toEqual({ status: reason === 'no vapid Authorization' ? 401 : 403, reason })
      expect(service.received.some(push => push.id === phone.id)).toBe(false)
    })

    it('nothing, when the claims are re-signed with the right key: it refuses what is wrong, not what is made elsewhere', async () => {
      const phone = subscribed()
      expect(await postTampered(phone, resigned(claims => claims))).toEqual({ status: 201, reason: '' })
      expect(service.received.find(push => push.id === phone.id)?.payload).toEqual(notice)
    })
  })

  describe('where the destination policy does not allow private addresses, as in production', () => {
    const strict: DestinationPolicy = { allowPrivate: false, resolveHost: systemResolver }

    it('an endpoint on a loopback address is refused before any request is made', async () => {
      const phone = subscribed()
      const requests = service.requestCount()
      const outcome = await sendPush(phone, notice, school, { ...normal, policy: strict })

      expect(outcome).toMatchObject({ accepted: false, permanent: true })
      expect((outcome as { summary: string }).summary).toBe('Not sent: A destination must be an https:// URL, so that what is sent is encrypted on its way.')
      const https = await sendPush({ ...phone, endpoint: phone.endpoint.replace('http:', 'https:') }, notice, school, { ...normal, policy: strict })
      expect(https).toEqual({
        accepted: false, permanent: true,
        summary: 'Not sent: A push endpoint is on the public internet: never a private, loopback or reserved address.'
      })
      expect(service.requestCount()).toBe(requests)
    })

    it('a name that resolves to a private address is refused at the connection, and the summary names neither', async () => {
      const phone = subscribed()
      const requests = service.requestCount()
      const port = new URL(service.origin).port
      const rebinding: DestinationPolicy = { allowPrivate: false, resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] }
      const outcome = await sendPush({ ...phone, endpoint: `https://push.example.org:${port}/push/${phone.id}` }, notice, school, { ...normal, policy: rebinding })

      expect(outcome).toMatchObject({ accepted: false, permanent: false })
      const summary = (outcome as { summary: string }).summary
      expect(summary).toContain('is not a public address (loopback)')
      expect(summary).not.toContain(phone.id)
      expect(summary).not.toContain('push.example.org')
      expect(service.requestCount()).toBe(requests)
    })
  })

  it('a payload over 3 KB is refused before it is encrypted', async () => {
    const phone = subscribed()
    const requests = service.requestCount()
    const outcome = await sendPush(phone, { ...notice, body: 'x'.repeat(3100) }, school, normal)

    expect(outcome).toMatchObject({ accepted: false, permanent: true })
    expect((outcome as { summary: string }).summary).toMatch(/^Not sent: A push carries at most 3072 bytes of JSON; this one is \d+\.$/)
    expect(service.requestCount()).toBe(requests)
  })
})
