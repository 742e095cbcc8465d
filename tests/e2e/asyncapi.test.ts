import { Parser, type Diagnostic } from '@asyncapi/parser'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { webhookEventKinds } from '../../shared/vocabulary'
import { signatureOf, signingKeyOf, webhookSignatureScheme } from '../../server/domain/webhooks/signing'

const answer = await callApi('/_asyncapi.json')
const document = answer.body
const openApi = (await callApi('/_openapi.json')).body
// Severity 0 is an error in Spectral's scale, which the parser reports in (1 warning, 2 information, 3 hint).
const errorSeverity = 0

describe('GET /_asyncapi.json', () => {
  it('is an AsyncAPI 3 document, served without a credential, at the interface version', () => {
    expect(answer.status).toBe(200)
    expect(document.asyncapi).toMatch(/^3\.\d+\.\d+$/)
    expect(document.info.version).toBe(openApi.info.version)
  })

  it('passes the AsyncAPI parser with no error, and parses into both operations', async () => {
    const parser = new Parser()
    const { document: parsed, diagnostics } = await parser.parse(JSON.stringify(document))
    expect(diagnostics.filter((diagnostic: Diagnostic) => diagnostic.severity === errorSeverity)
      .map(diagnostic => `${diagnostic.path.join('.')}: ${diagnostic.message}`)).toEqual([])
    expect(parsed?.operations().all().map(operation => [operation.id(), operation.action()]))
      .toEqual([['sendWebhookDelivery', 'send'], ['sendEventsFeedPage', 'send']])
  }, 30_000)

  it('has a message for every webhook kind on both channels, and the test delivery on the webhook\'s', () => {
    const delivered = Object.keys(document.channels.webhookDeliveries.messages)
    expect(delivered).toEqual([...webhookEventKinds, 'webhook.test'])
    expect(Object.keys(document.channels.eventsFeed.messages)).toEqual([...webhookEventKinds])
    expect(document.operations.sendWebhookDelivery.messages).toHaveLength(delivered.length)
    expect(document.components.schemas.WebhookBody.properties.kind.enum).toEqual(delivered)
    for (const kind of webhookEventKinds) {
      expect(document.components.messages[`feed.${kind}`].description).toMatch(/with a token holding `[a-z_]+\.[a-z]+`/)
    }
  })

  it('describes the delivery as the worker sends it: the body\'s members, the headers and how the signature is made', () => {
    const { WebhookBody: body, WebhookHeaders: headers, FeedEvent: feedEvent } = document.components.schemas
    expect(body.required).toEqual(['kind', 'table', 'id', 'at'])
    expect(feedEvent.required).toEqual(['kind', 'table', 'id', 'at', 'sequence'])
    expect(headers.required).toEqual(['Content-Type', 'Service-Delivery', 'Service-Signature'])
    const signature = headers.properties['Service-Signature']
    expect(signature.description).toContain('HMAC-SHA-256')
    expect(signature.description).toContain('hex SHA-256 of the subscription\'s signing secret')
    // The published pattern matches what the signing code makes.
    expect(signatureOf(signingKeyOf('whsec_example'), '{"kind":"person.created"}')).toMatch(new RegExp(signature.pattern))
    expect(document.operations.sendWebhookDelivery['x-signature']).toMatchObject({ header: webhookSignatureScheme.signatureHeader, algorithm: 'HMAC-SHA-256' })
    expect(document.operations.sendWebhookDelivery.bindings.http.method).toBe('POST')
  })

  it('points the feed\'s channel at GET /api/v1/events, which the OpenAPI document has', () => {
    expect(document.channels.eventsFeed.address).toBe('/events')
    expect(document.servers.rollbook.pathname).toBe('/api/v1')
    expect(openApi.paths['/events'].get.operationId).toBe('getEvents')
  })
})
