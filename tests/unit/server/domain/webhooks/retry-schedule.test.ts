import { createHash, createHmac } from 'node:crypto'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { WebhookEventKind } from '../../../../../shared/vocabulary'
import type { ChangeKind } from '../../../../../server/domain/shared/write-changes'
import { maximumDeliveryAttempts, retryDelayMs } from '../../../../../server/domain/webhooks/retry-schedule'
import { newSigningSecret, signatureMatches, signatureOf, signingKeyOf } from '../../../../../server/domain/webhooks/signing'

const minutes = (n: number) => n * 60_000

describe('webhook retry schedule', () => {
  it.each([[1, 1], [2, 2], [3, 4], [4, 8], [9, 256], [10, 360], [12, 360]])('after failure %i waits %i minutes', (failures, wait) => {
    expect(retryDelayMs(failures)).toBe(minutes(wait))
  })

  it('gives up after 13 attempts', () => {
    expect(maximumDeliveryAttempts).toBe(13)
  })

  it('every kind the service records can be subscribed to, but a test delivery, which goes to one subscription only', () => {
    expectTypeOf<Exclude<ChangeKind, 'webhook.test'>>().toExtend<WebhookEventKind>()
  })
})

describe('webhook signatures', () => {
  it('sign with the hex SHA-256 of the secret as the HMAC key, and verify in constant time', () => {
    const secret = newSigningSecret()
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{43}$/)
    const body = '{"kind":"person.updated","table":"people","id":"per_1","at":"2026-03-01T09:30:00.000Z"}'
    const key = createHash('sha256').update(secret).digest('hex')
    expect(signingKeyOf(secret)).toBe(key)
    const header = signatureOf(key, body)
    expect(header).toBe(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`)
    expect(signatureMatches(secret, body, header)).toBe(true)
    expect(signatureMatches(secret, body + ' ', header)).toBe(false)
    expect(signatureMatches(newSigningSecret(), body, header)).toBe(false)
    expect(signatureMatches(secret, body, undefined)).toBe(false)
  })
})
