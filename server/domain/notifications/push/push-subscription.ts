import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import { z } from 'zod'
import { addressRefusal, destinationPolicy, destinationUrl, type DestinationPolicy } from '../../webhooks/destinations'
import { base64urlBytes, isUncompressedP256Point } from './p256-point'

/** RFC 8291, 3.2: the authentication secret a browser makes for each subscription. */
export const authSecretBytes = 16

/**
 * The endpoint's form, and its host when it is an address (or a `localhost` name) rather than a name
 * to look up. A browser chooses the endpoint, so it is untrusted: every send checks it again, names
 * resolved, through the webhook poster (postWebhook), which connects only to the address it checked.
 */
function endpointRefusal(raw: string, policy: DestinationPolicy): string | undefined {
  const parsed = destinationUrl(raw, policy)
  if ('refused' in parsed) return parsed.refused
  const host = parsed.url.hostname.replace(/^\[|\]$/g, '')
  // RFC 6761: localhost and any name under it are this machine, whatever a resolver says.
  const local = host === 'localhost' || host.endsWith('.localhost')
  if ((local && !policy.allowPrivate) || (isIP(host) && addressRefusal(host, policy))) {
    return 'A push endpoint is on the public internet: never a private, loopback or reserved address.'
  }
  return undefined
}

/**
 * What a browser's `PushSubscription.toJSON()` gives, checked: an endpoint the server may post to
 * under `policy` (read at each parse: the server sets its policy at start-up, after modules load),
 * a P-256 point to encrypt to, and the 16-byte secret that goes with it.
 */
export function pushSubscriptionSchemaFor(policy: () => DestinationPolicy) {
  return z.object({
    endpoint: z.string().check((ctx) => {
      const refusal = endpointRefusal(ctx.value, policy())
      if (refusal) ctx.issues.push({ code: 'custom', input: ctx.value, message: refusal })
    }),
    // Milliseconds since the epoch when the browser will drop the subscription; most say null (no date).
    expirationTime: z.number().int().nonnegative().nullable().optional(),
    keys: z.object({
      p256dh: z.string().check((ctx) => {
        const point = base64urlBytes(ctx.value)
        const message = !point
          ? 'The p256dh key is base64url text.'
          : point.length !== 65 || point[0] !== 0x04
            ? 'The p256dh key is an uncompressed P-256 point: 65 bytes, the first 0x04.'
            : !isUncompressedP256Point(point) ? 'The p256dh key is not a point on the P-256 curve.' : undefined
        if (message) ctx.issues.push({ code: 'custom', input: ctx.value, message })
      }),
      auth: z.string().check((ctx) => {
        const secret = base64urlBytes(ctx.value)
        if (!secret) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'The auth secret is base64url text.' })
        else if (secret.length !== authSecretBytes) {
          ctx.issues.push({ code: 'custom', input: ctx.value, message: `The auth secret is ${authSecretBytes} bytes.` })
        }
      })
    })
  })
}

/** The server's schema: endpoints under the destination policy it was started with (WEBHOOKS_ALLOW_PRIVATE). */
export const pushSubscriptionSchema = pushSubscriptionSchemaFor(destinationPolicy)

export type PushSubscriptionFields = z.output<typeof pushSubscriptionSchema>

/**
 * A device's endpoint as the portal's device list names it: SHA-256 of its UTF-8, in lower-case hex. The page hashes its own
 * subscription's endpoint the same way (utils/push-on-this-device.ts) to find this browser in the list; the endpoint itself,
 * a capability to push to the device, never leaves the server again.
 */
export function pushEndpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('hex')
}
