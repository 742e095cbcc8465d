import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { serverSecrets } from '../../db/schema'
import type { Database } from '../../db/client'

let cursorKey: Buffer | undefined
let exportGrantKey: Buffer | undefined

/**
 * Keys every server process must share (sealing cursors, signing export grants) live in the database, made on first start,
 * so a cursor issued by one instance is honoured by another.
 */
export async function loadServerSecrets(database: Database) {
  await database.transaction(tx => tx.insert(serverSecrets)
    .values({ name: 'cursor', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing())
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'cursor'))
  // Derived, so the stored secret is never used directly as a cipher key for anything else later.
  const secret = Buffer.from(row!.value, 'hex')
  cursorKey = createHmac('sha256', secret).update('rollbook cursor sealing').digest()
  exportGrantKey = createHmac('sha256', secret).update('rollbook export grants').digest()
}

export function cursorSealingKey(): Buffer {
  if (!cursorKey) throw new Error('Server secrets are not loaded yet')
  return cursorKey
}

export function exportGrantSigningKey(): Buffer {
  if (!exportGrantKey) throw new Error('Server secrets are not loaded yet')
  return exportGrantKey
}
