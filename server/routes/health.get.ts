import { defineEventHandler, setResponseStatus } from 'h3'
import { useRuntimeConfig } from 'nitropack/runtime'
import { databaseHealth } from '../utils/database'

/** `starting` while migrations run, `healthy` when serving, `unhealthy` (503) when the database fails. */
export default defineEventHandler(async (event) => {
  const database = await databaseHealth()
  const status = database === 'healthy' || database === 'starting' ? database : 'unhealthy'
  if (status === 'unhealthy') setResponseStatus(event, 503)
  return { status, uptime: process.uptime(), version: useRuntimeConfig().buildTime }
})
