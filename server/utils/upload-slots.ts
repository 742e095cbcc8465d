import { apiError } from './errors'

/**
 * Upload routes (a file of megabytes as a JSON string) read, parse and work their body whole: one
 * costs tens of megabytes and a few seconds of CPU. Each process takes at most `perProcess` at once,
 * and at most `perSchool` of one school, so ten sent together cannot run an instance out of memory
 * or stall its `/health`; the count is per process because memory is, so it holds with any number
 * of instances. The others are refused before their body is read.
 */
export const uploadSlots = { perProcess: 3, perSchool: 2, retryAfterSeconds: 5 }

let inUse = 0
const inUseBySchool = new Map<string, number>()

/**
 * Takes an upload slot for the school, or refuses with `rate_limited` and `Retry-After` when the
 * process or the school has as many uploads in hand as it takes. The returned function gives it back.
 */
export function takeUploadSlot(schoolId: string): () => void {
  const ofSchool = inUseBySchool.get(schoolId) ?? 0
  if (inUse >= uploadSlots.perProcess || ofSchool >= uploadSlots.perSchool) {
    const who = ofSchool >= uploadSlots.perSchool
      ? `The school has ${ofSchool} uploads in progress; it may have ${uploadSlots.perSchool} at once.`
      : 'The server is reading as many uploads as it takes at once.'
    throw apiError('rate_limited', [`${who} Try again in ${uploadSlots.retryAfterSeconds} seconds.`], {
      headers: { 'Retry-After': String(uploadSlots.retryAfterSeconds), 'X-RateLimit-Remaining': '0' }
    })
  }
  inUse++
  inUseBySchool.set(schoolId, ofSchool + 1)
  let given = false
  return () => {
    if (given) return
    given = true
    inUse--
    const left = (inUseBySchool.get(schoolId) ?? 1) - 1
    if (left) inUseBySchool.set(schoolId, left)
    else inUseBySchool.delete(schoolId)
  }
}
