import webPush from 'web-push'
// web-push is CommonJS: Node's ESM loader (the built server) sees only its default export.
import { destinationPolicy, type DestinationPolicy } from '../../webhooks/destinations'
import { deliveryTimeoutMs, postWebhook, type DeliveryOutcome } from '../../webhooks/post-webhook'
import { pushOutcomeOf, type PushOutcome } from './push-outcome'
import { pushPayloadSizeRefusal } from './push-payload'
import { pushSubscriptionSchemaFor, type PushSubscriptionFields } from './push-subscription'
import { vapidAuthorization, type VapidSender } from './vapid-authorization'

export type { PushOutcome } from './push-outcome'
export type { VapidSender } from './vapid-authorization'

export interface PushOptions {
  /** How long the service keeps the message for a phone that is off (RFC 8030, 5.2); 0 is now or never. */
  ttlSeconds: number
  /** RFC 8030, 5.3: how soon a phone on battery is woken for it. */
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** RFC 8030, 5.4: a newer message with the same topic replaces one not yet delivered. */
  topic?: string
  timeoutMs?: number
  /** Where pushes may go; the server's (WEBHOOKS_ALLOW_PRIVATE) unless a test says otherwise. */
  policy?: DestinationPolicy
}

// Push services keep a message four weeks at most (RFC 8030 leaves it to them; FCM's and Mozilla's limit).
const longestTtlSeconds = 28 * 24 * 3600
const topicPattern = /^[A-Za-z0-9_-]{1,32}$/
const keptSummaryChars = 200

/**
 * Sends `payload` as one Web Push message: encrypted for the subscription (RFC 8291, aes128gcm) and
 * signed with the school's VAPID key (RFC 8292) by web-push, then posted by the webhook poster, which
 * checks the browser-chosen endpoint again and connects only to the public address it checked, never
 * following a redirect. web-push's own sender is not used: it would post anywhere an endpoint says.
 * The subscription is checked again as it is read back, since a stored row is no more trusted than the browser that gave it.
 */
export async function sendPush(subscription: PushSubscriptionFields, payload: object, vapid: VapidSender, options: PushOptions): Promise<PushOutcome> {
  const policy = options.policy ?? destinationPolicy()
  const refused = (why: string): PushOutcome => ({ accepted: false, permanent: true, summary: `Not sent: ${why}` })
  const tooLarge = pushPayloadSizeRefusal(payload)
  if (tooLarge) return refused(tooLarge)
  const parsed = pushSubscriptionSchemaFor(() => policy).safeParse(subscription)
  if (!parsed.success) return refused(parsed.error.issues[0]!.message)
  const optionsRefused = optionsRefusal(options)
  if (optionsRefused) return refused(optionsRefused)
  const endpoint = parsed.data.endpoint
  const signed = vapidAuthorization(new URL(endpoint).origin, vapid)
  if ('refused' in signed) return refused(signed.refused)

  let details: ReturnType<typeof webPush.generateRequestDetails>
  try {
    details = webPush.generateRequestDetails(parsed.data, JSON.stringify(payload), {
      headers: { Authorization: signed.authorization },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
      ...options.topic ? { topic: options.topic } : {}
    })
  } catch {
    // Its messages may quote the subject or a key; everything they check was checked above, so this is not expected.
    return refused('the message could not be encrypted and signed.')
  }
  // The poster sets Content-Type and Content-Length itself; the rest (TTL, Urgency, Topic, Content-Encoding, Authorization) go as made.
  const headers = Object.fromEntries(Object.entries(details.headers)
    .filter(([name]) => !/^content-(type|length)$/i.test(name))
    .map(([name, value]) => [name, String(value)]))
  const posted = await postWebhook(
    { url: endpoint, body: details.body ?? Buffer.alloc(0), headers, contentType: 'application/octet-stream' },
    policy, options.timeoutMs ?? deliveryTimeoutMs
  )
  const url = new URL(endpoint)
  const summary = summaryOf(posted, [endpoint, url.href, url.pathname, url.host, url.hostname, vapid.publicKey])
  // No answer (a refused destination, a timeout, a network fault): another attempt may find the way open.
  return posted.status === null ? { accepted: false, permanent: false, summary } : pushOutcomeOf(posted.status, summary)
}

function optionsRefusal(options: PushOptions): string | undefined {
  if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 0 || options.ttlSeconds > longestTtlSeconds) {
    return `a TTL is whole seconds from 0 to ${longestTtlSeconds}.`
  }
  if (!['very-low', 'low', 'normal', 'high'].includes(options.urgency)) return 'urgency is very-low, low, normal or high.'
  if (options.topic !== undefined && !topicPattern.test(options.topic)) return 'a topic is at most 32 letters, digits, _ or - (RFC 8030, 5.4).'
  return undefined
}

/**
 * The answer's status and first line, for the attempt's record and the log: with the endpoint (its
 * path is the subscription's capability) and the school's key cut out, should a service quote them.
 */
function summaryOf(posted: DeliveryOutcome, secrets: string[]): string {
  const firstLine = (posted.answer.split(/\r?\n/, 1)[0] ?? '').trim()
  const cut = secrets.filter(secret => secret.length > 1).sort((a, b) => b.length - a.length)
    .reduce((text, secret) => text.replaceAll(secret, '…'), firstLine)
  return (posted.status === null ? cut : `${posted.status} ${cut}`).trim().slice(0, keptSummaryChars)
}
