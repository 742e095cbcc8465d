import { createHash, timingSafeEqual } from 'node:crypto'
import { customAlphabet } from 'nanoid'

const base62 = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 43)

/**
 * A secret's prefix says what it opens, so one is never taken for another: `rbk` an API token, `rbo` a OneRoster
 * client's secret, `rbq` a OneRoster access token.
 */
export type SecretPrefix = 'rbk' | 'rbo' | 'rbq'

/** A secret: its prefix, `_` and 43 random base62 characters (about 256 bits). */
export function newPrefixedSecret(prefix: SecretPrefix): string {
  return `${prefix}_${base62()}`
}

/** An API token's secret. */
export function newTokenSecret(): string {
  return newPrefixedSecret('rbk')
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** Compares two hex hashes without leaking, through timing, how much of them matched. */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
