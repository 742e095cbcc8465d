/** How the client answers a 429: retried after `Retry-After`, at most `attempts` more times, never waiting longer than `maxWaitSeconds`. */
export interface RetryPolicy {
  attempts: number
  maxWaitSeconds: number
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 3, maxWaitSeconds: 60 }

/** `Retry-After` as seconds: a number of seconds, or an HTTP date; 1 when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return 1
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? 1 : Math.max(0, Math.ceil((at - now) / 1000))
}

export type FetchLike = (request: Request) => Promise<Response>

/**
 * A fetch that sends a request again when it is answered 429, after the seconds `Retry-After` names, with
 * the same headers (its `Idempotency-Key` among them) and body. A wait longer than the policy allows, or
 * the last attempt's 429, is returned as it came.
 */
export function retryingFetch(send: FetchLike, policy: RetryPolicy, sleep = (ms: number) => new Promise(done => setTimeout(done, ms))): FetchLike {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await send(attempt < policy.attempts ? request.clone() : request)
      if (response.status !== 429 || attempt >= policy.attempts) return response
      const wait = retryAfterSeconds(response.headers.get('retry-after'))
      if (wait > policy.maxWaitSeconds) return response
      await response.body?.cancel()
      await sleep(wait * 1000)
    }
  }
}
