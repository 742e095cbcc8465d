import webPush from 'web-push'
import { isVapidKeyPair, type VapidKeyPair } from './vapid-keys'

/** The school's VAPID pair, and whom the push service may write to about its pushes: a `mailto:` or `https:` URL of the school. */
export interface VapidSender extends VapidKeyPair {
  subject: string
}

// RFC 8292, 2: a JWT lives at most a day; web-push's own default is twelve hours.
const jwtLifeSeconds = 12 * 3600
// Kept an hour, so a header handed over is always good for eleven hours more.
const keptMs = 3600_000
// Push services are few (FCM, Mozilla, Apple, Microsoft): a bound that is never reached but by a fault.
const mostKept = 1000
const kept = new Map<string, { authorization: string, until: number }>()

/**
 * The `Authorization` header of the school's pushes to one push service (RFC 8292: a JWT naming the
 * service's origin, signed with the school's key). Signed once an hour per service and key, not for every
 * push: the signature and the key checks were a sixth of the server's time in an emergency's ten thousand
 * pushes (docs/performance.md, "Notifications"). The pair and subject are checked when a header is made.
 */
export function vapidAuthorization(audience: string, vapid: VapidSender, now = Date.now()): { authorization: string } | { refused: string } {
  // The private half too: a pair whose halves no longer match is refused, never answered from what the right pair signed.
  const key = `${audience} ${vapid.subject} ${vapid.publicKey} ${vapid.privateKey}`
  const found = kept.get(key)
  if (found && found.until > now) return { authorization: found.authorization }
  const refused = vapidRefusal(vapid)
  if (refused) return { refused }
  const { Authorization: authorization } = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm',
    Math.floor(now / 1000) + jwtLifeSeconds)
  if (kept.size >= mostKept) kept.clear()
  kept.set(key, { authorization, until: now + keptMs })
  return { authorization }
}

function vapidRefusal(vapid: VapidSender): string | undefined {
  if (!isVapidKeyPair(vapid)) return 'the VAPID keys are not a P-256 key pair.'
  let subject: URL | undefined
  try {
    subject = new URL(vapid.subject)
  } catch {}
  if (!subject || !['mailto:', 'https:'].includes(subject.protocol)) return 'the VAPID subject is a mailto: or https: URL (RFC 8292, 2.1).'
  return undefined
}
