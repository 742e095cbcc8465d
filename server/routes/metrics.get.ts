import { createHash, timingSafeEqual } from 'node:crypto'
import { defineEventHandler, getHeader, setResponseHeader } from 'h3'
import { apiError } from '../utils/errors'
import { metricsRegistry } from '../utils/metrics'
import { registerDatabaseGauges } from '../utils/metrics-database'

registerDatabaseGauges()

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * This instance's metrics in Prometheus's text format. Absent (404 `not_found`) unless
 * `METRICS_TOKEN` is set, then only for `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md).
 */
export default defineEventHandler(async (event) => {
  const expected = process.env.METRICS_TOKEN
  if (!expected) throw apiError('not_found')
  const given = /^Bearer (.+)$/.exec(getHeader(event, 'authorization') ?? '')?.[1] ?? ''
  if (!timingSafeEqual(digest(given), digest(expected))) {
    throw apiError('unauthenticated', ['Send Authorization: Bearer <METRICS_TOKEN>.'], { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } })
  }
  setResponseHeader(event, 'Content-Type', metricsRegistry.contentType)
  setResponseHeader(event, 'Cache-Control', 'no-store')
  return metricsRegistry.metrics()
})
