import type { AddressRange } from './client-address'

/**
 * Settings read once at start-up (server/plugins/runtime-settings.ts), so no request reads the
 * environment. The test switches among them act only when the server runs in test or bench mode.
 */
export const runtimeSettings = {
  /** Multiplies every per-minute limit (bench and tests only). */
  rateLimitScale: 1,
  /** Checks every answer against its declared schema (tests only): a stray answer fails loudly. */
  checkAnswers: false,
  /** Days a delivered webhook is kept (`WEBHOOKS_RETENTION_DAYS`, default 30). */
  webhookRetentionDays: 30,
  /** The schools whose webhooks this server delivers: all, unless a test server is told which. */
  webhookSchools: undefined as readonly string[] | undefined,
  /** How long a claimed subscription is held without news from its worker: the default 30 s, or shorter in tests. */
  webhookLeaseMs: undefined as number | undefined,
  /** The schools whose messages this server emails: all, unless a test server is told which. */
  messageSchools: undefined as readonly string[] | undefined,
  /** How long claimed message deliveries are held without news from their worker: the default 60 s, or shorter in tests. */
  messageLeaseMs: undefined as number | undefined,
  /** Test mode only: `/_app-openapi.json` describes the `/api/app` routes, for the fuzz. */
  describeAppRoutes: false,
  /** Bench only: a request saying `X-Rollbook-Bench-Receipts: off` counts no receipts, so one run measures both. */
  benchReceiptsSwitch: false,
  /** The proxies whose forwarded client address is taken (`TRUSTED_PROXIES`); none by default. */
  trustedProxies: [] as AddressRange[]
}

/** A declared per-minute limit as this server enforces and publishes it. */
export function enforcedRateLimit(perMinute: number): number {
  return Math.max(1, Math.round(perMinute * runtimeSettings.rateLimitScale))
}
