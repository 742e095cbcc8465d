/**
 * What became of one push (RFC 8030, 5 and 8.3): taken by the push service; expired, so the
 * subscription is removed; or not taken, `permanent` when sending it again cannot help.
 */
export type PushOutcome =
  | { accepted: true, status: number }
  | { expired: true, status: 404 | 410 }
  | { accepted: false, permanent: boolean, summary: string }

/** A push service's answer as an outcome; `summary` is the status and the answer's first line, which say why. */
export function pushOutcomeOf(status: number, summary: string): PushOutcome {
  if (status >= 200 && status < 300) return { accepted: true, status }
  // 404: the service does not know the subscription; 410: the browser unsubscribed or the subscription expired.
  if (status === 404 || status === 410) return { expired: true, status }
  // Too many requests, a request that took too long, and the service's own faults pass; another attempt may land.
  const transient = status === 408 || status === 429 || status >= 500 || status < 200
  // 400 (malformed), 403 (VAPID refused), 413 (too large), and any other refusal: the same request fails again.
  return { accepted: false, permanent: !transient, summary }
}
