import { createHash, randomBytes } from 'node:crypto'

/** A random value for a cookie or a link: 32 bytes, base64url. */
export function newRandomSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored in place of a session's, a link's or a code's secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
