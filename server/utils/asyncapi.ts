import { z } from 'zod'
import { interfaceVersion } from '../../shared/interface-version'
import { feedEventSchema, webhookBodySchema } from '../../shared/schemas/events'
import { recordIdPattern } from '../../shared/schemas/common'
import { webhookEventKinds } from '../../shared/vocabulary'
import { eventKindScopes } from '../domain/events/event-feed'
import { publicUrl } from '../domain/shared/public-url'
import { webhookEventCauses } from '../domain/webhooks/event-catalogue'
import { deliveryTimeoutMs, webhookUserAgent } from '../domain/webhooks/post-webhook'
import { maximumDeliveryAttempts } from '../domain/webhooks/retry-schedule'
import { webhookSignatureScheme as scheme } from '../domain/webhooks/signing'
import { testWebhookKind } from '../domain/webhooks/test-delivery'

type JsonSchema = Record<string, any>

/** A zod schema as the JSON Schema of a message payload, described from the input side as the OpenAPI document is. */
function payloadSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return json
}

/** `sha256` → `SHA-256`, as people write the hash's name. */
const hashName = (algorithm: string) => algorithm.toUpperCase().replace(/^SHA(?=\d)/, 'SHA-')

function signatureDescription() {
  const hash = hashName(scheme.algorithm)
  return `\`${scheme.prefix}\` and the hex HMAC-${hash} of the body's exact bytes as they arrived (verify before parsing the JSON). `
    + `The HMAC key is the hex ${hash} of the subscription's signing secret (\`${scheme.secretPrefix}…\`, shown once when the subscription is made), `
    + `used as text: its 64 hex characters. Compare in constant time (docs/webhooks.md, "Verifying a post").`
}

const scopeNote = (kind: keyof typeof eventKindScopes) =>
  `Read the record, and see this kind in the events feed, with a token holding \`${eventKindScopes[kind]}\`.`

/** A message per kind on each channel: the kind's own payload (its `kind` fixed) over the channel's common schema. */
function messagesOf(prefix: 'webhook' | 'feed', kinds: readonly string[], common: { payload: string, headers?: string }) {
  return Object.fromEntries(kinds.map((kind) => {
    const known = kind !== testWebhookKind
    return [`${prefix}.${kind}`, {
      name: kind,
      title: kind,
      summary: known
        ? webhookEventCauses[kind as keyof typeof webhookEventCauses]
        : 'A test delivery an administrator asked for, addressed to this subscription only: answer it 2xx and otherwise ignore it.',
      ...(known ? { description: scopeNote(kind as keyof typeof eventKindScopes) } : {}),
      contentType: 'application/json',
      ...(common.headers ? { headers: { $ref: `#/components/schemas/${common.headers}` } } : {}),
      payload: { allOf: [{ $ref: `#/components/schemas/${common.payload}` }, { type: 'object', properties: { kind: { const: kind } } }] }
    }]
  }))
}

const channelMessages = (prefix: string, kinds: readonly string[]) =>
  Object.fromEntries(kinds.map(kind => [kind, { $ref: `#/components/messages/${prefix}.${kind}` }]))

const operationMessages = (channel: string, kinds: readonly string[]) =>
  kinds.map(kind => ({ $ref: `#/channels/${channel}/messages/${kind}` }))

function buildAsyncApiDocument() {
  const base = new URL(publicUrl())
  const deliveryKinds = [...webhookEventKinds, testWebhookKind]
  const body = payloadSchemaOf(webhookBodySchema)
  // A test delivery's kind is sent but never subscribed to, so the body's list of kinds gains it here.
  body.properties.kind = { ...body.properties.kind, enum: deliveryKinds }
  body.description = 'Exactly these members, nothing of the record: read it through /api/v1 with the subscription\'s token. A retry sends the same bytes.'
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Rollbook webhooks and events feed',
      version: interfaceVersion,
      description: 'What Rollbook sends of a school\'s changes: signed webhook deliveries to a subscription\'s destination, and the same changes, each with its sequence, in the events feed (`GET /api/v1/events`). Made from the service\'s own kinds, body schema and signing code; the HTTP interface is the OpenAPI document at `/_openapi.json`.',
      license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      externalDocs: { description: 'The OpenAPI document of /api/v1', url: `${base.origin}/_openapi.json` }
    },
    'defaultContentType': 'application/json',
    servers: {
      receiver: {
        host: '{destination}',
        protocol: 'https',
        title: 'The integrator\'s receiver',
        description: 'A webhook subscription\'s destination URL, set by the school\'s administrator: `https://` and public addresses only (docs/webhooks.md, "Where a webhook may go").',
        variables: { destination: { description: 'The host (and port) of the subscription\'s destination URL; its path is the rest of that URL.' } }
      },
      rollbook: {
        host: base.host,
        protocol: base.protocol.replace(/:$/, ''),
        pathname: '/api/v1',
        title: 'This Rollbook server (`PUBLIC_URL`)',
        security: [{ $ref: '#/components/securitySchemes/bearerToken' }]
      }
    },
    channels: {
      webhookDeliveries: {
        address: null,
        title: 'Webhook deliveries',
        description: 'POSTs to the subscription\'s destination URL, one per change of the kinds it chose, in the order the changes were made.',
        servers: [{ $ref: '#/servers/receiver' }],
        messages: channelMessages('webhook', deliveryKinds)
      },
      eventsFeed: {
        address: '/events',
        title: 'The events feed',
        description: 'The school\'s changes, oldest first, in pages read with `GET /api/v1/events?after=<cursor>&kinds=&limit=` (operation `getEvents` of the OpenAPI document; docs/events.md).',
        servers: [{ $ref: '#/servers/rollbook' }],
        messages: channelMessages('feed', webhookEventKinds)
      }
    },
    operations: {
      sendWebhookDelivery: {
        action: 'send',
        channel: { $ref: '#/channels/webhookDeliveries' },
        title: 'Deliver a change to a subscription',
        summary: 'Rollbook POSTs a signed notice of each change of the subscribed kinds to the subscription\'s destination.',
        description: `Any 2xx within ${deliveryTimeoutMs / 1000} seconds is a success; anything else (another status, a redirect, which is never followed, no answer) is retried after 1 minute, then 2, 4, 8 … at most 6 hours apart, and given up after the ${maximumDeliveryAttempts}th attempt. A subscription's deliveries leave one at a time in change order. Delivery is at least once: drop a post whose \`${scheme.deliveryHeader}\` you have processed. Verify \`${scheme.signatureHeader}\` first: ${signatureDescription()}`,
        'x-signature': {
          header: scheme.signatureHeader,
          algorithm: `HMAC-${hashName(scheme.algorithm)}`,
          format: `${scheme.prefix}<64 hex digits>`,
          signed: 'the exact bytes of the body',
          key: `the hex ${hashName(scheme.algorithm)} of the signing secret (${scheme.secretPrefix}…), as its 64 hex characters`
        },
        bindings: { http: { method: 'POST', bindingVersion: '0.3.0' } },
        messages: operationMessages('webhookDeliveries', deliveryKinds)
      },
      sendEventsFeedPage: {
        action: 'send',
        channel: { $ref: '#/channels/eventsFeed' },
        title: 'Give the feed\'s changes to a reader',
        summary: 'A token with `event.read` reads the changes of the kinds its other scopes reach, each as a webhook body plus its sequence.',
        description: 'The answer is `{items, nextCursor}`; each item is one of these messages. `nextCursor` is always set: pass it back as `after` to go on. Sequences increase with gaps: compare them, never count them.',
        security: [{ $ref: '#/components/securitySchemes/bearerToken' }],
        bindings: { http: { method: 'GET', bindingVersion: '0.3.0' } },
        externalDocs: { description: 'GET /api/v1/events in the OpenAPI document', url: `${base.origin}/_openapi.json` },
        messages: operationMessages('eventsFeed', webhookEventKinds)
      }
    },
    components: {
      schemas: {
        WebhookBody: body,
        FeedEvent: payloadSchemaOf(feedEventSchema),
        WebhookHeaders: {
          type: 'object',
          required: ['Content-Type', scheme.deliveryHeader, scheme.signatureHeader],
          properties: {
            'Content-Type': { type: 'string', const: 'application/json' },
            'User-Agent': { type: 'string', const: webhookUserAgent },
            [scheme.deliveryHeader]: {
              type: 'string', pattern: recordIdPattern.source,
              description: 'The delivery\'s id, the same on every retry of it: keep the ids processed and drop a repeat.'
            },
            [scheme.signatureHeader]: { type: 'string', pattern: `^${scheme.prefix}[0-9a-f]{64}$`, description: signatureDescription() }
          }
        }
      },
      messages: {
        ...messagesOf('webhook', deliveryKinds, { payload: 'WebhookBody', headers: 'WebhookHeaders' }),
        ...messagesOf('feed', webhookEventKinds, { payload: 'FeedEvent' })
      },
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A token of the school holding `event.read`, and the scope of each kind to read (each message names it).'
        }
      }
    }
  }
}

let asyncApi: ReturnType<typeof buildAsyncApiDocument> | undefined

/** The AsyncAPI 3 document of the webhook deliveries and the events feed, made once from the service's own sources. */
export function asyncApiDocument() {
  asyncApi ??= buildAsyncApiDocument()
  return asyncApi
}
