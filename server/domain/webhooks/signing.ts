import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { customAlphabet } from 'nanoid'

const base62 = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 43)

/** A subscription's signing secret: `whsec_` and 43 random base62 characters (about 256 bits), shown once. */
export function newSigningSecret(): string {
  return `whsec_${base62()}`
}

/** The HMAC key of a secret (interface part 6): its hex SHA-256. Only this is stored. */
export function signingKeyOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** The `Service-Signature` value of a body: `sha256=` and the hex HMAC-SHA256 of its exact bytes. */
export function signatureOf(signingKey: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', signingKey).update(body).digest('hex')}`
}

/** Whether a `Service-Signature` header is the body's, compared in constant time (what a receiver does; docs/webhooks.md). */
export function signatureMatches(secret: string, body: string | Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(signatureOf(signingKeyOf(secret), body))
  const given = Buffer.from(header ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
