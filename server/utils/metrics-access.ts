import { createHash, timingSafeEqual } from 'node:crypto'
import { getHeader, type H3Event } from 'h3'
import { apiError } from './errors'

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Lets a scrape of `/metrics` through only when `METRICS_TOKEN` is set and sent as its bearer token:
 * without the setting the route does not exist (404 `not_found`), with a missing or wrong token it is
 * 401 in the envelope (docs/operations.md, "Metrics").
 */
export function admitMetricsScrape(event: H3Event) {
  const expected = process.env.METRICS_TOKEN
  if (!expected) throw apiError('not_found')
  const given = /^Bearer (.+)$/.exec(getHeader(event, 'authorization') ?? '')?.[1] ?? ''
  if (!timingSafeEqual(digest(given), digest(expected))) {
    throw apiError('unauthenticated', ['Send Authorization: Bearer <METRICS_TOKEN>.'], { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } })
  }
}
