import { createECDH } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isVapidKeyPair, makeVapidKeys } from '../../../../../../server/domain/notifications/push/vapid-keys'

describe('a school\'s VAPID keys', () => {
  it('are a fresh P-256 pair each time, base64url as a browser\'s applicationServerKey takes it', () => {
    const first = makeVapidKeys()
    const second = makeVapidKeys()
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32)
    expect(isVapidKeyPair(first)).toBe(true)
    expect(second.publicKey).not.toBe(first.publicKey)
  })

  it.each([
    ['halves of two pairs', () => ({ publicKey: makeVapidKeys().publicKey, privateKey: makeVapidKeys().privateKey })],
    ['a private key of 31 bytes', () => ({ ...makeVapidKeys(), privateKey: Buffer.alloc(31, 1).toString('base64url') })],
    ['a public key off the curve', () => {
      const keys = makeVapidKeys()
      const point = Buffer.from(keys.publicKey, 'base64url')
      point[64] = point[64]! ^ 1
      return { ...keys, publicKey: point.toString('base64url') }
    }],
    ['a private key of zero', () => {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      return { publicKey: ecdh.getPublicKey('base64url'), privateKey: Buffer.alloc(32).toString('base64url') }
    }],
    ['text that is not base64url', () => ({ ...makeVapidKeys(), privateKey: 'not/base64url+' })],
    ['nothing', () => null],
    ['one half', () => ({ publicKey: makeVapidKeys().publicKey })]
  ])('are refused when they are %s', (_case, keys) => {
    expect(isVapidKeyPair(keys())).toBe(false)
  })
})
