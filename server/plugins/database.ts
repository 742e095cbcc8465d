import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { defineNitroPlugin, useStorage } from 'nitropack/runtime'
import { migrateDatabase } from '../../db/migrate'
import { loadServerSecrets } from '../utils/server-secrets'
import { startDatabase } from '../utils/database'

/**
 * Migrations ship inside the build as server assets, so `.output` runs on its own. drizzle's migrator
 * reads a folder, so they are written out to a temporary one first. This runs in the background:
 * the HTTP server answers `/health` with `starting` meanwhile.
 */
export default defineNitroPlugin(() => {
  startDatabase(async (database) => {
    const assets = useStorage('assets:migrations')
    const folder = mkdtempSync(join(tmpdir(), 'rollbook-migrations-'))
    for (const key of await assets.getKeys(database.dialect)) {
      const path = join(folder, ...key.split(':'))
      mkdirSync(dirname(path), { recursive: true })
      const content = await assets.getItemRaw(key)
      writeFileSync(path, typeof content === 'string' ? content : Buffer.from(content as Uint8Array))
    }
    await migrateDatabase(database, join(folder, database.dialect))
    await loadServerSecrets(database)
  })
})
