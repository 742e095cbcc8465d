import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { validationFailed } from '../domain/shared/domain-error'
import { cursorSealingKey } from './server-secrets'

/**
 * Cursors are sealed with AES-256-GCM under a key every instance shares (server-secrets.ts): the
 * position inside (a folded name, a day) cannot be read, so no child's name ends up in a URL or an
 * access log, and cannot be changed. What the cursor is bound to (the surface's route, the school
 * and the list's filters) is the authenticated data, so a cursor opens only on the list it came from.
 */
const ivBytes = 12
const tagBytes = 16

/** `validation_failed` on `cursor`: not one this list gave out with these filters. */
export const cursorRefused = () => validationFailed([{ path: 'cursor', message: 'Not a cursor this list gave out with these filters.' }])

export function sealCursor(binding: string, position: readonly unknown[]): string {
  const iv = randomBytes(ivBytes)
  const cipher = createCipheriv('aes-256-gcm', cursorSealingKey(), iv)
  cipher.setAAD(Buffer.from(binding))
  const sealed = Buffer.concat([cipher.update(JSON.stringify(position)), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
}

/** The position a cursor holds, or null when it was not sealed by us for this binding. */
export function openCursor(binding: string, cursor: string): unknown[] | null {
  if (!/^[\w-]+$/.test(cursor)) return null
  const bytes = Buffer.from(cursor, 'base64url')
  if (bytes.length < ivBytes + tagBytes + 2) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', cursorSealingKey(), bytes.subarray(0, ivBytes))
    decipher.setAAD(Buffer.from(binding))
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes))
    const opened = Buffer.concat([decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)), decipher.final()])
    const position: unknown = JSON.parse(opened.toString())
    return Array.isArray(position) ? position : null
  } catch {
    return null
  }
}
