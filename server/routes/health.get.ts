import { defineEventHandler, setResponseStatus } from 'h3'
import { useRuntimeConfig } from 'nitropack/runtime'
import { databaseHealth } from '../utils/database'
import { isServerDraining } from '../utils/shutdown'

/**
 * `starting` while migrations run, `healthy` when serving, `unhealthy` (503) when the database fails, `draining` (503)
 * once told to stop while it still serves (SHUTDOWN_DRAIN_SECONDS), so a balancer sends it nothing new.
 */
export default defineEventHandler(async (event) => {
  const database = await databaseHealth()
  const status = isServerDraining() ? 'draining' : database === 'healthy' || database === 'starting' ? database : 'unhealthy'
  if (status === 'unhealthy' || status === 'draining') setResponseStatus(event, 503)
  return { status, uptime: process.uptime(), version: useRuntimeConfig().buildTime }
})
