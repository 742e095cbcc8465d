import { defineNitroPlugin } from 'nitropack/runtime'
import { closeDatabase } from '../utils/database'
import { shutdownDrainMs, shutdownGraceMs, startDraining, stopServerWorkers } from '../utils/shutdown'

/** Not a signal: the event this plugin hands the signal on as once draining is over, and Nitro's shutdown listens for. */
const drained = 'rollbook:drained'

/**
 * Graceful shutdown (docs/operations.md). Nitro's node server does the HTTP part on SIGTERM and
 * SIGINT: it stops accepting connections, waits for the requests in flight up to
 * `NITRO_SHUTDOWN_TIMEOUT`, then calls `close` and exits 0. It reads that variable after the plugins
 * have run, so `SHUTDOWN_GRACE_SECONDS` (default 10) sets it here unless it is set itself. The
 * workers are told at the signal, so they hand back their claims while requests drain; `close`
 * waits for them and then closes the database. With `SHUTDOWN_DRAIN_SECONDS`, the signal goes to Nitro only after
 * that long, while /health answers `draining` and every request is still served (docs/operations.md, "Running a district").
 */
export default defineNitroPlugin((nitroApp) => {
  const env = process.env
  if (env.NITRO_SHUTDOWN_DISABLED) return
  env.NITRO_SHUTDOWN_TIMEOUT ||= String(shutdownGraceMs(env))
  const signals = (env.NITRO_SHUTDOWN_SIGNALS || 'SIGTERM SIGINT').split(' ').filter(Boolean)
  const drainMs = shutdownDrainMs(env)
  // Nitro reads its signals after the plugins: it then listens for the hand-on alone.
  if (drainMs > 0) env.NITRO_SHUTDOWN_SIGNALS = drained
  for (const signal of signals) {
    process.once(signal, () => {
      void stopServerWorkers()
      if (drainMs === 0) return
      startDraining()
      setTimeout(() => process.emit(drained as NodeJS.Signals, signal as NodeJS.Signals), drainMs)
    })
  }
  nitroApp.hooks.hook('close', async () => {
    await stopServerWorkers()
    await closeDatabase()
  })
})
