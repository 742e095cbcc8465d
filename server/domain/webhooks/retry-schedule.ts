import { backoffMs } from '../workers/worker-driver'

/** A delivery is given up after this many attempts (interface part 6, rule 4): a little over a day. */
export const maximumDeliveryAttempts = 13

/** How long after its `failedAttempts`-th failure a delivery is tried again: one minute, then doubling, at most six hours. */
export function retryDelayMs(failedAttempts: number): number {
  return backoffMs(failedAttempts, { firstMs: 60_000, longestMs: 6 * 60 * 60_000 })
}
