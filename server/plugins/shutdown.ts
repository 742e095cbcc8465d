import { defineNitroPlugin } from 'nitropack/runtime'
import { closeDatabase } from '../utils/database'
import { shutdownGraceMs, stopServerWorkers } from '../utils/shutdown'

/**
 * Graceful shutdown (docs/operations.md). Nitro's node server does the HTTP part on SIGTERM and
 * SIGINT: it stops accepting connections, waits for the requests in flight up to
 * `NITRO_SHUTDOWN_TIMEOUT`, then calls `close` and exits 0. It reads that variable after the plugins
 * have run, so `SHUTDOWN_GRACE_SECONDS` (default 10) sets it here unless it is set itself. The
 * workers are told at the signal, so they hand back their claims while requests drain; `close`
 * waits for them and then closes the database.
 */
export default defineNitroPlugin((nitroApp) => {
  const env = process.env
  if (env.NITRO_SHUTDOWN_DISABLED) return
  env.NITRO_SHUTDOWN_TIMEOUT ||= String(shutdownGraceMs(env))
  for (const signal of (env.NITRO_SHUTDOWN_SIGNALS || 'SIGTERM SIGINT').split(' ').filter(Boolean)) {
    process.once(signal, () => void stopServerWorkers())
  }
  nitroApp.hooks.hook('close', async () => {
    await stopServerWorkers()
    await closeDatabase()
  })
})
