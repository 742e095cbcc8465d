import { createECDH, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { systemResolver, type DestinationPolicy } from '../../../../../../server/domain/webhooks/destinations'
import { pushEndpointHash, pushSubscriptionSchemaFor } from '../../../../../../server/domain/notifications/push/push-subscription'
import { endpointHash } from '../../../../../../utils/push-on-this-device'

const strict: DestinationPolicy = { allowPrivate: false, resolveHost: systemResolver }
const loose: DestinationPolicy = { allowPrivate: true, resolveHost: systemResolver }
const strictSchema = pushSubscriptionSchemaFor(() => strict)

const browserKey = () => createECDH('prime256v1').generateKeys()
const subscription = (changes: { endpoint?: string, p256dh?: string, auth?: string } = {}) => ({
  endpoint: changes.endpoint ?? 'https://fcm.googleapis.com/fcm/send/cXh3:APA91bH',
  expirationTime: null,
  keys: { p256dh: changes.p256dh ?? browserKey().toString('base64url'), auth: changes.auth ?? randomBytes(16).toString('base64url') }
})
/** The messages zod gives for `input`, one per refusal. */
const refusals = (input: unknown, schema = strictSchema) => {
  const parsed = schema.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map(issue => issue.message)
}

/** A 65-byte point that starts 0x04 and is not on the curve: a valid key with y changed. */
function offCurvePoint() {
  const point = browserKey()
  point[64] = point[64]! ^ 1
  return point.toString('base64url')
}

describe('a browser\'s push subscription', () => {
  it.each([
    ['Firefox', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl'],
    ['Chrome', 'https://fcm.googleapis.com/fcm/send/cXh3:APA91bH'],
    ['Safari', 'https://web.push.apple.com/QGuQyavXutnMnb7EoBSIH'],
    ['Edge', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD']
  ])('takes what %s gives', (_browser, endpoint) => {
    expect(refusals(subscription({ endpoint }))).toEqual([])
  })

  it('takes an expirationTime of a date or none, and drops members it does not know', () => {
    const parsed = strictSchema.parse({ ...subscription(), expirationTime: 1_900_000_000_000, extra: 'x' })
    expect(parsed.expirationTime).toBe(1_900_000_000_000)
    expect(parsed).not.toHaveProperty('extra')
    expect(strictSchema.parse({ endpoint: subscription().endpoint, keys: subscription().keys })).not.toHaveProperty('expirationTime')
  })

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'https://'],
    ['not a url', 'absolute URL'],
    ['https://user:secret@fcm.googleapis.com/fcm/send/x', 'user name'],
    [`https://fcm.googleapis.com/${'a'.repeat(2048)}`, 'at most 2048'],
    ['https://127.0.0.1/push/1', 'public internet'],
    ['https://[::1]/push/1', 'public internet'],
    ['https://10.0.0.8/push/1', 'public internet'],
    ['https://192.168.1.1/push/1', 'public internet'],
    ['https://169.254.169.254/latest/meta-data/', 'public internet'],
    ['https://0x7f000001/push/1', 'public internet'],
    ['https://[::ffff:10.0.0.1]/push/1', 'public internet'],
    ['https://localhost/push/1', 'public internet'],
    ['https://push.localhost/push/1', 'public internet']
  ])('refuses the endpoint %s (%s)', (endpoint, reason) => {
    const messages = refusals(subscription({ endpoint }))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(reason)
  })

  it('takes http:// and loopback endpoints only where the policy allows private destinations, as for tests', () => {
    const looseSchema = pushSubscriptionSchemaFor(() => loose)
    expect(refusals(subscription({ endpoint: 'http://127.0.0.1:4000/push/1' }), looseSchema)).toEqual([])
    expect(refusals(subscription({ endpoint: 'http://localhost:4000/push/1' }), looseSchema)).toEqual([])
    // Loopback is for tests and development; a private network stays closed even then.
    expect(refusals(subscription({ endpoint: 'https://10.0.0.8/push/1' }), looseSchema)).toEqual([expect.stringContaining('public internet')])
  })

  it('reads the policy at each parse, since the server sets it after its modules load', () => {
    let policy = strict
    const schema = pushSubscriptionSchemaFor(() => policy)
    const loopback = subscription({ endpoint: 'http://127.0.0.1:4000/push/1' })
    expect(schema.safeParse(loopback).success).toBe(false)
    policy = loose
    expect(schema.safeParse(loopback).success).toBe(true)
  })

  it.each([
    ['a compressed point (33 bytes)', () => Buffer.concat([Buffer.from([2]), randomBytes(32)]).toString('base64url'), '65 bytes'],
    ['64 bytes', () => browserKey().subarray(1).toString('base64url'), '65 bytes'],
    ['65 bytes starting 0x05', () => Buffer.concat([Buffer.from([5]), browserKey().subarray(1)]).toString('base64url'), 'the first 0x04'],
    ['a point off the curve', offCurvePoint, 'not a point on the P-256 curve'],
    ['standard base64 with + and /', () => '+/' + browserKey().toString('base64url').slice(2), 'base64url'],
    ['empty', () => '', 'base64url']
  ])('refuses a p256dh of %s', (_case, p256dh, reason) => {
    expect(refusals(subscription({ p256dh: p256dh() }))).toEqual([expect.stringContaining(reason)])
  })

  it.each([
    ['15 bytes', randomBytes(15).toString('base64url'), '16 bytes'],
    ['17 bytes', randomBytes(17).toString('base64url'), '16 bytes'],
    ['32 bytes', randomBytes(32).toString('base64url'), '16 bytes'],
    ['not base64url', 'aGVsbG8=!!', 'base64url']
  ])('refuses an auth secret of %s', (_case, auth, reason) => {
    expect(refusals(subscription({ auth }))).toEqual([expect.stringContaining(reason)])
  })

  it('says what is missing when a member is', () => {
    expect(strictSchema.safeParse({ endpoint: subscription().endpoint }).success).toBe(false)
    expect(strictSchema.safeParse({ ...subscription(), keys: { auth: randomBytes(16).toString('base64url') } }).success).toBe(false)
  })
})

// The portal finds this browser among the devices by its endpoint's hash: the page's and the server's must agree to the letter.
describe('a push endpoint\'s hash', () => {
  it.each([
    ['a push service\'s endpoint', 'https://fcm.googleapis.com/fcm/send/cXh3:APA91bH-x_y~z'],
    ['Mozilla\'s', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn'],
    ['one with characters beyond ASCII', 'https://push.example.org/envoyé/été']
  ])('is the same in the browser and on the server for %s', async (_case, endpoint) => {
    expect(await endpointHash(endpoint)).toBe(pushEndpointHash(endpoint))
  })

  it('is SHA-256 in lower-case hex, never the endpoint', () => {
    expect(pushEndpointHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
