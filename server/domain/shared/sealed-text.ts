import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { serverSecrets } from '../../../db/schema'
import type { Database } from '../../../db/client'

/**
 * Settings that must be read back (a text gateway's password, a school's VAPID private key) are kept sealed
 * with AES-256-GCM under a key derived from the server's own secret, the one every instance shares
 * (server/utils/server-secrets.ts makes it on first start), so a copy of the database's settings rows alone,
 * or a backup of them, does not give the gateway away. Read from the database here, not from process state,
 * so the CLI, tasks and tests seal and open as the server does.
 */
const keys = new WeakMap<Database, Buffer>()

async function sealingKey(database: Database): Promise<Buffer> {
  const known = keys.get(database)
  if (known) return known
  await database.transaction(tx => tx.insert(serverSecrets).values({ name: 'cursor', value: randomBytes(32).toString('hex') }).onConflictDoNothing())
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'cursor'))
  const key = createHmac('sha256', Buffer.from(row!.value, 'hex')).update('rollbook sealed settings').digest()
  keys.set(database, key)
  return key
}

const version = 'v1'

export async function sealText(database: Database, plain: string): Promise<string> {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(database), iv)
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`
}

/** The text sealed by sealText; throws when it was sealed under another server's secret or altered. */
export async function openSealedText(database: Database, sealed: string): Promise<string> {
  const [seenVersion, body] = sealed.split('.')
  if (seenVersion !== version || !body) throw new Error('Not a sealed setting')
  const bytes = Buffer.from(body, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(database), bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}
