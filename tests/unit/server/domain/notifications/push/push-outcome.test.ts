import { describe, expect, it } from 'vitest'
import { pushOutcomeOf } from '../../../../../../server/domain/notifications/push/push-outcome'

describe('what a push service\'s answer means', () => {
  it.each([
    [201, { accepted: true, status: 201 }],
    [202, { accepted: true, status: 202 }],
    [404, { expired: true, status: 404 }],
    [410, { expired: true, status: 410 }],
    [429, { accepted: false, permanent: false, summary: 'why' }],
    [408, { accepted: false, permanent: false, summary: 'why' }],
    [500, { accepted: false, permanent: false, summary: 'why' }],
    [503, { accepted: false, permanent: false, summary: 'why' }],
    [400, { accepted: false, permanent: true, summary: 'why' }],
    [401, { accepted: false, permanent: true, summary: 'why' }],
    [403, { accepted: false, permanent: true, summary: 'why' }],
    [413, { accepted: false, permanent: true, summary: 'why' }],
    [301, { accepted: false, permanent: true, summary: 'why' }]
  ])('%i', (status, outcome) => {
    expect(pushOutcomeOf(status, 'why')).toEqual(outcome)
  })
})
