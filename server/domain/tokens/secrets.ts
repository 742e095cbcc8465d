import { createHash, timingSafeEqual } from 'node:crypto'
import { customAlphabet } from 'nanoid'

const base62 = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 43)

/** A token secret: `rbk_` and 43 random base62 characters (about 256 bits). */
export function newTokenSecret(): string {
  return `rbk_${base62()}`
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
