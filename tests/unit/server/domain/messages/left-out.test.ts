import { describe, expect, it } from 'vitest'
import { leftOutOfAudience } from '../../../../../server/domain/messages/left-out'

describe('the adults a message leaves out, previewed or sent', () => {
  it.each([
    [['year:3'], 0, { leftOut: 'fewer_than_5', leftOutCount: null }],
    [['year:3'], 1, { leftOut: 'fewer_than_5', leftOutCount: null }],
    [['activity:rowing'], 4, { leftOut: 'fewer_than_5', leftOutCount: null }],
    [['year:3'], 5, { leftOut: 'counted', leftOutCount: 5 }],
    [['year:3', 'class:3A'], 12, { leftOut: 'counted', leftOutCount: 12 }],
    [['adult:per_0000000000000000000000'], 1, { leftOut: 'not_counted', leftOutCount: null }],
    [['adult:per_0000000000000000000000'], 0, { leftOut: 'not_counted', leftOutCount: null }],
    [['year:3', 'adult:per_0000000000000000000000'], 9, { leftOut: 'not_counted', leftOutCount: null }]
  ] as const)('%j with %i left out is told as %j', (audience, count, told) => {
    expect(leftOutOfAudience(audience, count)).toEqual(told)
  })
})
