import { describe, expect, it } from 'vitest'
import { canonicalJson, legacyRequestFingerprint, requestFingerprint } from '../../../../server/utils/idempotency'

describe('the fingerprint of a request under an Idempotency-Key', () => {
  const body = { student: { familyName: 'Ngata', givenNames: 'Aroha' }, adults: [{ a: 1, b: 2 }, { c: 3 }], year: 2028 }

  it('is the same for the same JSON with its keys in another order, at any depth, and other spacing', () => {
    const reordered = JSON.parse('{ "year": 2028, "adults": [{"b": 2, "a": 1}, {"c": 3}],\n "student": {"givenNames": "Aroha", "familyName": "Ngata"} }')
    expect(requestFingerprint('POST', '/api/v1/enquiries', reordered)).toBe(requestFingerprint('POST', '/api/v1/enquiries', body))
  })

  it.each([
    ['an array in another order', { ...body, adults: [{ c: 3 }, { a: 1, b: 2 }] }],
    ['another value', { ...body, year: 2029 }],
    ['a number as text', { ...body, year: '2028' }],
    ['a field more', { ...body, channel: 'phone' }]
  ])('differs for %s', (_, other) => {
    expect(requestFingerprint('POST', '/api/v1/enquiries', other)).not.toBe(requestFingerprint('POST', '/api/v1/enquiries', body))
  })

  it('covers the method and path', () => {
    expect(requestFingerprint('POST', '/api/v1/enrolments', body)).not.toBe(requestFingerprint('POST', '/api/v1/enquiries', body))
  })

  it('writes objects with sorted keys and keeps arrays in order', () => {
    expect(canonicalJson({ b: [3, { z: 1, y: null }], a: 'x' })).toBe('{"a":"x","b":[3,{"y":null,"z":1}]}')
  })

  it('matches what earlier builds stored for a body already sent in canonical form', () => {
    const text = canonicalJson(body)
    expect(legacyRequestFingerprint('POST', '/api/v1/enquiries', text)).toBe(requestFingerprint('POST', '/api/v1/enquiries', body))
  })
})
