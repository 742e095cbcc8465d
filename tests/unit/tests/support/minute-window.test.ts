import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inOneMinute } from '../../../support/minute-window'

// Issue 45: a rate-limit test's verdict never depends on how fast the machine sends its requests.
describe('work inside one clock minute', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs an attempt again, from the next minute\'s start, when the minute turned while it ran', async () => {
    vi.setSystemTime(new Date('2026-11-27T10:00:30.000Z'))
    const starts: string[] = []
    const done = inOneMinute(5, async () => {
      starts.push(new Date().toISOString())
      // The first try takes 40 s on a loaded machine, not the 5 of a quiet one: it ends in the next minute.
      const ms = starts.length === 1 ? 40_000 : 5_000
      await new Promise(resolve => setTimeout(resolve, ms))
      return starts.length
    })
    await vi.runAllTimersAsync()
    expect(await done).toBe(2)
    expect(starts[0]).toBe('2026-11-27T10:00:30.000Z')
    // The second begins at the start of a minute (and 50 ms), the whole minute before it.
    expect(starts[1]).toMatch(/^2026-11-27T10:02:00\.0\d\dZ$/)
  })

  it('runs it once when it fits, and waits first when what it takes on a quiet machine does not fit what is left', async () => {
    vi.setSystemTime(new Date('2026-11-27T10:00:50.000Z'))
    const starts: string[] = []
    const done = inOneMinute(20, async () => {
      starts.push(new Date().toISOString())
      await new Promise(resolve => setTimeout(resolve, 15_000))
      return 'answers'
    })
    await vi.runAllTimersAsync()
    expect(await done).toBe('answers')
    expect(starts).toEqual(['2026-11-27T10:01:00.050Z'])
  })

  it('starts no earlier than notBefore seconds into the minute', async () => {
    vi.setSystemTime(new Date('2026-11-27T10:00:05.000Z'))
    const starts: string[] = []
    const done = inOneMinute(10, async () => void starts.push(new Date().toISOString()), { notBefore: 21 })
    await vi.runAllTimersAsync()
    await done
    expect(starts).toEqual(['2026-11-27T10:00:21.050Z'])
  })
})
