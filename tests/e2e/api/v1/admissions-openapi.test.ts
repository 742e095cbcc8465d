import { describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'

const document = (await callApi('/_openapi.json')).body

describe('admissions in /_openapi.json', () => {
  it.each([
    ['get', '/tours', 'tour.read', 60, false],
    ['post', '/tours/{id}/bookings', 'tour.book', 30, true],
    ['post', '/applications', 'application.write', 30, true],
    ['post', '/applications/{id}/events', 'application.write', 30, true],
    ['post', '/enrolments', 'application.write', 30, true],
    ['get', '/starters', 'starter.read', 300, false]
  ])('%s %s with scope %s, %i a minute', (method, path, scope, limit, idempotent) => {
    const operation = document.paths[path]?.[method]
    expect(operation).toBeDefined()
    expect(operation['x-scope']).toBe(scope)
    expect(operation['x-rate-limit']).toBe(limit)
    const headers = (operation.parameters ?? []).map((p: any) => p.$ref ?? p.name).join(' ')
    expect(headers.includes('Idempotency')).toBe(idempotent)
  })

  it('publishes the conflict candidates and the answers\' schemas', () => {
    expect(document.components.schemas.Error.properties.data.properties.candidates).toBeDefined()
    for (const name of [
      'Tour', 'TourList', 'BookingReceipt', 'ApplicationInput', 'ApplicationReceipt', 'ApplicationEventInput', 'EnrolmentInput', 'EnrolmentReceipt',
      'StarterPage', 'StarterAdult', 'StarterWaiting'
    ]) {
      expect(document.components.schemas[name], name).toBeDefined()
    }
  })
})
