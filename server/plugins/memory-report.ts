import { defineNitroPlugin } from 'nitropack/runtime'

/**
 * Test mode only, and only when Node runs with `--expose-gc`: on SIGUSR2 the server collects all its
 * garbage and prints one line with `process.memoryUsage()`. A memory test sends the signal before it
 * reads the server's RSS, so the figure is what the server retains, not garbage V8 has not yet
 * chosen to collect: on PostgreSQL the old generation held 20–70 MB of it at any moment of a fuzz
 * run, which made RSS compared at two such moments vary by as much (docs/performance.md).
 */
export default defineNitroPlugin(() => {
  const collect = (globalThis as { gc?: () => void }).gc
  if (process.env.ROLLBOOK_MODE !== 'test' || !collect) return
  process.on('SIGUSR2', () => {
    collect()
    setTimeout(() => {
      collect()
      console.info(JSON.stringify({ at: new Date().toISOString(), memoryAfterFullCollection: process.memoryUsage() }))
    }, 300)
  })
})
