import { createHmac, timingSafeEqual } from 'node:crypto'
import { currentTime } from '../domain/days/clock'
import { apiError } from './errors'
import { exportGrantSigningKey } from './server-secrets'

/** How long a listed file's `url` works: ten minutes after the listing's answer. */
export const exportGrantLifetimeMs = 10 * 60_000

/**
 * A grant names the file, the principal that listed it (a token's id) and its expiry, and is signed
 * with HMAC-SHA256 under a key derived from the shared server secret (server-secrets.ts): any
 * instance checks any other's, and nothing is stored per listing. The names inside are ids, never
 * a secret or a child's detail, and stay readable so a refusal can say what is wrong.
 */
function signature(payload: string): Buffer {
  return createHmac('sha256', exportGrantSigningKey()).update(payload).digest()
}

export function signExportGrant(fileId: string, principalKey: string, now = currentTime()) {
  const expiresAt = new Date(now.getTime() + exportGrantLifetimeMs)
  const payload = Buffer.from(JSON.stringify([fileId, principalKey, expiresAt.getTime()])).toString('base64url')
  return { grant: `${payload}.${signature(payload).toString('base64url')}`, expiresAt: expiresAt.toISOString() }
}

/** Refuses with `forbidden`, naming why, any grant but one signed by us for this file and principal within its ten minutes. */
export function checkExportGrant(grant: string | undefined, fileId: string, principalKey: string, now = currentTime()) {
  const refuse = (reason: string) => apiError('forbidden', [reason])
  if (!grant) throw refuse('The file URL needs its grant: fetch the url the export listing gave.')
  const [payload = '', sent = '', ...rest] = grant.split('.')
  const expected = signature(payload)
  const given = Buffer.from(sent, 'base64url')
  if (rest.length || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refuse('The grant is not one this service signed: it was changed or made up.')
  }
  const [grantedFile, grantedTo, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, string, number]
  if (grantedFile !== fileId) throw refuse('The grant is for another file.')
  if (grantedTo !== principalKey) throw refuse('The grant was listed for another token: list the exports with this token.')
  if (now.getTime() >= expiresAt) throw refuse('The grant has expired: a file URL works for ten minutes after the listing; list the exports again.')
}
