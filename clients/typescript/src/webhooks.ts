import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** The headers of a webhook post: a fetch `Headers`, or Node's `request.headers` (names in lower case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/** The header holding a delivery's signature, and the one holding its id (the same on every retry). */
export const signatureHeader = 'Service-Signature'
export const deliveryHeader = 'Service-Delivery'

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const record = headers as Record<string, string | string[] | undefined>
  const key = Object.keys(record).find(candidate => candidate.toLowerCase() === name.toLowerCase())
  const value = key === undefined ? undefined : record[key]
  // A header sent twice is not a signature Rollbook made.
  return Array.isArray(value) ? undefined : value
}

/**
 * Whether a webhook post is Rollbook's: `Service-Signature` must be `sha256=` and the hex HMAC-SHA256 of
 * the body's exact bytes, keyed with the hex SHA-256 of the subscription's signing secret (`whsec_…`) as
 * text. Pass the raw body as it arrived, before any JSON parsing. Compared in constant time.
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string): boolean {
  const given = headerOf(headers, signatureHeader)
  if (!given || !secret) return false
  const key = createHash('sha256').update(secret).digest('hex')
  const expected = Buffer.from(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`)
  const received = Buffer.from(given)
  return received.length === expected.length && timingSafeEqual(received, expected)
}

/** The delivery's id, for dropping a repeat (delivery is at least once). */
export function webhookDeliveryId(headers: WebhookHeaders): string | undefined {
  return headerOf(headers, deliveryHeader)
}
