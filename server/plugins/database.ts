import { defineNitroPlugin, useStorage } from 'nitropack/runtime'
import { migrateDatabase, readMigrations } from '../../db/migrate'
import { loadServerSecrets } from '../utils/server-secrets'
import { startDatabase } from '../utils/database'

/**
 * Migrations ship inside the build as server assets, so `.output` runs on its own; they are read
 * from there into memory and handed to drizzle as it would read them from a folder, so nothing is
 * written to disk. This runs in the background: the HTTP server answers `/health` with `starting`
 * meanwhile.
 */
export default defineNitroPlugin(() => {
  startDatabase(async (database) => {
    const assets = useStorage('assets:migrations')
    const migrations = await readMigrations(async (path) => {
      const key = `${database.dialect}:${path.replaceAll('/', ':')}`
      const content = await assets.getItemRaw(key)
      if (content == null) throw new Error(`The build has no migration file ${key}.`)
      return typeof content === 'string' ? content : Buffer.from(content as Uint8Array).toString('utf8')
    })
    await migrateDatabase(database, migrations)
    await database.refreshStatistics()
    await loadServerSecrets(database)
  })
})
