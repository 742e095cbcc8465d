import { createPublicKey } from 'node:crypto'

/** Length of an uncompressed P-256 point: 0x04, then x and y of 32 bytes each (SEC 1, 2.3.3). */
export const uncompressedPointBytes = 65

const base64urlPattern = /^[A-Za-z0-9_-]+$/

/**
 * The bytes a base64url text (RFC 4648, 5; unpadded, as browsers and web-push write it) stands for,
 * or nothing: Buffer's decoder would skip a character it does not know and decode the rest.
 */
export function base64urlBytes(text: string): Buffer | undefined {
  return base64urlPattern.test(text) ? Buffer.from(text, 'base64url') : undefined
}

/**
 * Whether `point` is an uncompressed P-256 point on the curve. A point off the curve is how an
 * invalid-curve attack learns a private key from ECDH answers, so encryption to it is never tried.
 */
export function isUncompressedP256Point(point: Buffer): boolean {
  if (point.length !== uncompressedPointBytes || point[0] !== 0x04) return false
  try {
    // OpenSSL refuses a JWK whose (x, y) is not on the curve.
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk'
    })
    return true
  } catch {
    return false
  }
}
