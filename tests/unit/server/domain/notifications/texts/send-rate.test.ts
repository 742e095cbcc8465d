import { describe, expect, it } from 'vitest'
import { sendRateLimiter } from '../../../../../../server/domain/notifications/texts/send-rate'

/** A clock the test moves; a sleep that notes how long it was asked to wait and moves the clock past it. */
function fakeTime(start = 1_000_000) {
  let now = start
  const waits: number[] = []
  return {
    waits,
    now: () => now,
    advance: (ms: number) => void (now += ms),
    sleep: async (ms: number) => {
      waits.push(ms)
    }
  }
}

describe('a gateway\'s send rate', () => {
  it('spaces sends asked for together at the gateway\'s rate, in the order asked', async () => {
    const time = fakeTime()
    const limiter = sendRateLimiter({ sendsPerSecond: 4, now: time.now, sleep: time.sleep })
    await Promise.all([1, 2, 3, 4, 5].map(() => limiter.take()))
    expect(time.waits).toEqual([250, 500, 750, 1000])
  })

  it('lets a send go at once when the last was long enough ago', async () => {
    const time = fakeTime()
    const limiter = sendRateLimiter({ sendsPerSecond: 2, now: time.now, sleep: time.sleep })
    await limiter.take()
    time.advance(500)
    await limiter.take()
    time.advance(200)
    await limiter.take()
    expect(time.waits).toEqual([300])
  })

  it('with a burst, lets that many go at once after a quiet spell, then spaces the rest', async () => {
    const time = fakeTime()
    const limiter = sendRateLimiter({ sendsPerSecond: 10, burst: 3, now: time.now, sleep: time.sleep })
    await Promise.all([1, 2, 3, 4, 5].map(() => limiter.take()))
    expect(time.waits).toEqual([100, 200])
    time.advance(10_000)
    time.waits.length = 0
    await Promise.all([1, 2, 3, 4].map(() => limiter.take()))
    expect(time.waits).toEqual([100])
  })

  it('never exceeds the rate over a long run: 100 sends at 5 a second take 19.8 s of waiting for the last', async () => {
    const time = fakeTime()
    const limiter = sendRateLimiter({ sendsPerSecond: 5, now: time.now, sleep: time.sleep })
    await Promise.all(Array.from({ length: 100 }, () => limiter.take()))
    expect(time.waits.at(-1)).toBeCloseTo(19_800)
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a rate of %s', (sendsPerSecond) => {
    expect(() => sendRateLimiter({ sendsPerSecond })).toThrow(RangeError)
  })
})
