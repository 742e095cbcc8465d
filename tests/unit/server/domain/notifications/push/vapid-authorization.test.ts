import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { vapidAuthorization } from '../../../../../../server/domain/notifications/push/vapid-authorization'
import { makeVapidKeys } from '../../../../../../server/domain/notifications/push/vapid-keys'

const jwtOf = (authorization: string) => /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

describe('the Authorization header of a school\'s pushes', () => {
  const audience = 'https://fcm.googleapis.com'
  // A pair of its own for each test: headers are kept for the process.
  const senderOfItsOwn = () => ({ ...makeVapidKeys(), subject: 'mailto:office@school.example' })

  it('is a JWT for the push service\'s origin signed with the school\'s key, good for twelve hours (RFC 8292)', () => {
    const sender = senderOfItsOwn()
    // web-push checks the expiry against the real clock.
    const now = Date.now()
    const signed = vapidAuthorization(audience, sender, now)
    if (!('authorization' in signed)) throw new Error(signed.refused)
    const [, jwt, key] = jwtOf(signed.authorization)
    expect(key).toBe(sender.publicKey)
    expect(claimsOf(jwt!)).toEqual({ aud: audience, sub: sender.subject, exp: Math.floor(now / 1000) + 12 * 3600 })
    const [header, claims, signature] = jwt!.split('.')
    const point = Buffer.from(sender.publicKey, 'base64url')
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url') }, format: 'jwk' })
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true)
  })

  it('is signed once an hour per push service, not for every push', () => {
    const sender = senderOfItsOwn()
    const now = Date.now() - 2 * 3600_000
    const first = vapidAuthorization(audience, sender, now)
    expect(vapidAuthorization(audience, sender, now + 59 * 60_000)).toEqual(first)
    expect(vapidAuthorization('https://updates.push.services.mozilla.com', sender, now)).not.toEqual(first)
    const later = vapidAuthorization(audience, sender, now + 61 * 60_000)
    expect(later).not.toEqual(first)
    if (!('authorization' in later)) throw new Error(later.refused)
    expect(claimsOf(jwtOf(later.authorization)[1]!).exp).toBe(Math.floor((now + 61 * 60_000) / 1000) + 12 * 3600)
  })

  it('is refused for halves of two pairs or a subject that is not mailto: or https:', () => {
    const sender = senderOfItsOwn()
    expect(vapidAuthorization(audience, sender)).toHaveProperty('authorization')
    expect(vapidAuthorization(audience, { ...sender, privateKey: makeVapidKeys().privateKey })).toEqual({ refused: 'the VAPID keys are not a P-256 key pair.' })
    expect(vapidAuthorization(audience, { ...sender, subject: 'http://school.example' }))
      .toEqual({ refused: 'the VAPID subject is a mailto: or https: URL (RFC 8292, 2.1).' })
  })
})
