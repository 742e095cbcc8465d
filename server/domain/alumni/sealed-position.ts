import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/**
 * Cursors are signed, not encrypted, so anyone holding one can read the position inside it. The
 * alumni list is ordered by name, and a token without `person.read` must not learn names, so the
 * name part of its position is sealed (AES-256-GCM under a key derived from the cursor secret).
 */
function positionKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('rollbook sealed cursor position').digest()
}

export function sealPositionText(secret: Buffer, text: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', positionKey(secret), iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The text inside a sealed position, or null when it was not sealed with this secret. */
export function openPositionText(secret: Buffer, sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length < 28) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', positionKey(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
