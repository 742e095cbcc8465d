import { defineNitroPlugin } from 'nitropack/runtime'
import { setClockOffset } from '../domain/days/clock'
import { schoolDataCache } from '../domain/shared/school-data-cache'
import { setDestinationPolicy } from '../domain/webhooks/destinations'
import { defaultDeliveryRetentionDays } from '../domain/webhooks/deliveries'
import { runtimeSettings } from '../utils/runtime-settings'
import { configuredExportStorage } from '../domain/exports/storage/export-storage'
import { parseTrustedProxies } from '../utils/client-address'

/**
 * Reads the environment once. `ANSWER_CACHE_MB` bounds kept answers for everyone,
 * `WEBHOOKS_RETENTION_DAYS` delivered webhooks, `EXPORTS_S3_URL` or `EXPORTS_DIR` name where export
 * files live; `TRUSTED_PROXIES` the proxies whose forwarded client address per-address limits take
 * (docs/operations.md, "Behind a reverse proxy"); `WEBHOOKS_ALLOW_PRIVATE=true` lets webhooks reach
 * loopback addresses over `http://` (development and tests), with a warning. The test switches
 * (`ROLLBOOK_CLOCK_OFFSET_MS`, `ROLLBOOK_CHECK_RESPONSES`, `RATE_LIMIT_SCALE`,
 * `ROLLBOOK_ANSWER_CACHE=off`, `ROLLBOOK_WEBHOOK_SCHOOLS`, `ROLLBOOK_WEBHOOK_LEASE_MS`, `ROLLBOOK_MESSAGE_SCHOOLS`,
 * `ROLLBOOK_MESSAGE_LEASE_MS`) act only with `ROLLBOOK_MODE=test` or
 * `bench`, and say so loudly, so a production server can never be left running with a shifted clock
 * or lifted limits. A test server delivers webhooks only for the schools `ROLLBOOK_WEBHOOK_SCHOOLS`
 * lists, so it never sends what another test's worker is stepping through on a clock of its own.
 * Only a test server describes its `/api/app` routes (`/_app-openapi.json`), for the fuzz to reach them.
 */
export default defineNitroPlugin(() => {
  const env = process.env
  const megabytes = Number(env.ANSWER_CACHE_MB ?? 64)
  // Where export files live (EXPORTS_S3_URL or EXPORTS_DIR): a bad address fails the start, not the first night.
  configuredExportStorage(env)
  runtimeSettings.trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES)
  schoolDataCache.maxBytes = Number.isFinite(megabytes) && megabytes >= 0 ? megabytes * 1024 * 1024 : 64 * 1024 * 1024
  const retentionDays = Number(env.WEBHOOKS_RETENTION_DAYS ?? defaultDeliveryRetentionDays)
  runtimeSettings.webhookRetentionDays = Number.isFinite(retentionDays) && retentionDays > 0 ? retentionDays : defaultDeliveryRetentionDays
  if (env.WEBHOOKS_ALLOW_PRIVATE === 'true') {
    setDestinationPolicy({ allowPrivate: true })
    console.warn('WARNING: WEBHOOKS_ALLOW_PRIVATE=true: webhooks may go to loopback addresses and over plain http://. For development and tests only.')
  }
  const mode = env.ROLLBOOK_MODE ?? 'production'
  if (mode === 'test') {
    runtimeSettings.describeAppRoutes = true
    runtimeSettings.webhookSchools = (env.ROLLBOOK_WEBHOOK_SCHOOLS ?? '').split(',').filter(Boolean)
    // A short lease lets a test see a killed instance's subscriptions taken over within seconds.
    const leaseMs = Number(env.ROLLBOOK_WEBHOOK_LEASE_MS)
    if (Number.isInteger(leaseMs) && leaseMs > 0) runtimeSettings.webhookLeaseMs = leaseMs
    runtimeSettings.messageSchools = (env.ROLLBOOK_MESSAGE_SCHOOLS ?? '').split(',').filter(Boolean)
    const messageLeaseMs = Number(env.ROLLBOOK_MESSAGE_LEASE_MS)
    if (Number.isInteger(messageLeaseMs) && messageLeaseMs > 0) runtimeSettings.messageLeaseMs = messageLeaseMs
  }
  const switches = [
    'ROLLBOOK_CLOCK_OFFSET_MS', 'ROLLBOOK_CHECK_RESPONSES', 'RATE_LIMIT_SCALE', 'ROLLBOOK_ANSWER_CACHE', 'ROLLBOOK_WEBHOOK_SCHOOLS',
    'ROLLBOOK_WEBHOOK_LEASE_MS', 'ROLLBOOK_MESSAGE_SCHOOLS', 'ROLLBOOK_MESSAGE_LEASE_MS'
  ].filter(name => env[name] !== undefined && env[name] !== '')
  if (mode !== 'test' && mode !== 'bench') {
    if (switches.length) console.warn(`WARNING: ignoring ${switches.join(', ')}: test switches act only with ROLLBOOK_MODE=test or bench.`)
    return
  }
  setClockOffset(Number(env.ROLLBOOK_CLOCK_OFFSET_MS ?? 0) || 0)
  runtimeSettings.checkAnswers = env.ROLLBOOK_CHECK_RESPONSES === '1'
  const scale = Number(env.RATE_LIMIT_SCALE ?? 1)
  runtimeSettings.rateLimitScale = Number.isFinite(scale) && scale > 0 ? scale : 1
  if (env.ROLLBOOK_ANSWER_CACHE === 'off') schoolDataCache.maxBytes = 0
  runtimeSettings.benchReceiptsSwitch = mode === 'bench'
  if (switches.length) console.warn(
    `WARNING: ROLLBOOK_MODE=${mode}: test switches in force: ${switches.map(name => `${name}=${env[name]}`).join(', ')}. Never run a school's data like this.`
  )
})
