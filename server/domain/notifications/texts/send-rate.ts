/** Paces one gateway's sends: `await take()` before each, and no more than its rate go out. */
export interface SendRate {
  take(): Promise<void>
}

export interface SendRateOptions {
  /** The gateway's rate, as its provider states it (Twilio: one a second for a long code, more for a short code). */
  sendsPerSecond: number
  /** Sends that may go at once after a quiet spell; 1 spaces every send evenly. */
  burst?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

const realSleep = (ms: number) => new Promise<void>(done => setTimeout(done, ms))

/**
 * A token bucket kept as the time the next send is due (GCRA): each `take` reserves its slot at once,
 * so callers waiting together are spaced in the order they asked and never exceed the rate.
 */
export function sendRateLimiter(options: SendRateOptions): SendRate {
  const { sendsPerSecond, burst = 1, now = Date.now, sleep = realSleep } = options
  if (!(sendsPerSecond > 0) || !Number.isFinite(sendsPerSecond)) throw new RangeError('sendsPerSecond must be a positive number.')
  if (!Number.isInteger(burst) || burst < 1) throw new RangeError('burst must be a whole number, at least 1.')
  const spacingMs = 1000 / sendsPerSecond
  const toleranceMs = (burst - 1) * spacingMs
  let dueAt = Number.NEGATIVE_INFINITY
  return {
    take() {
      const at = now()
      const slot = Math.max(dueAt, at)
      dueAt = slot + spacingMs
      const waitMs = slot - toleranceMs - at
      return waitMs > 0 ? sleep(waitMs) : Promise.resolve()
    }
  }
}
