import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { customAlphabet } from 'nanoid'

const base62 = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 43)

/**
 * The headers a delivery carries beyond `Content-Type` and `User-Agent`, and how it is signed: the
 * worker sends these and the AsyncAPI document (`/_asyncapi.json`) describes them from here.
 */
export const webhookSignatureScheme = {
  deliveryHeader: 'Service-Delivery',
  signatureHeader: 'Service-Signature',
  /** The HMAC's hash, and the hash of the secret that is the HMAC key (as its hex text). */
  algorithm: 'sha256',
  /** What stands before the hex digest in the signature header. */
  prefix: 'sha256=',
  secretPrefix: 'whsec_'
} as const

/** A subscription's signing secret: `whsec_` and 43 random base62 characters (about 256 bits), shown once. */
export function newSigningSecret(): string {
  return `${webhookSignatureScheme.secretPrefix}${base62()}`
}

/** The HMAC key of a secret (interface part 6): its hex SHA-256. Only this is stored. */
export function signingKeyOf(secret: string): string {
  return createHash(webhookSignatureScheme.algorithm).update(secret).digest('hex')
}

/** The `Service-Signature` value of a body: `sha256=` and the hex HMAC-SHA256 of its exact bytes. */
export function signatureOf(signingKey: string, body: string | Buffer): string {
  return `${webhookSignatureScheme.prefix}${createHmac(webhookSignatureScheme.algorithm, signingKey).update(body).digest('hex')}`
}

/** The signed headers of one delivery, as the worker sends them. */
export function deliveryHeaders(deliveryId: string, signingKey: string, body: string): Record<string, string> {
  return { [webhookSignatureScheme.deliveryHeader]: deliveryId, [webhookSignatureScheme.signatureHeader]: signatureOf(signingKey, body) }
}

/** Whether a `Service-Signature` header is the body's, compared in constant time (what a receiver does; docs/webhooks.md). */
export function signatureMatches(secret: string, body: string | Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(signatureOf(signingKeyOf(secret), body))
  const given = Buffer.from(header ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
