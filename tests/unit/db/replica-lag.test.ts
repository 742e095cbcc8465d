import { describe, expect, it } from 'vitest'
import { lsnValue, replicaLagSeconds } from '../../../db/replica-lag'

describe('a WAL position', () => {
  it.each([
    ['0/0', 0n],
    ['0/3001158', 0x3001158n],
    ['16/B374D848', (0x16n << 32n) + 0xB374D848n]
  ])('%s is ordered as a number', (lsn, value) => {
    expect(lsnValue(lsn)).toBe(value)
  })

  it('orders a higher segment above any offset of a lower one', () => {
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true)
  })

  it.each(['', '0', 'x/1', '0/123456789'])('refuses %j', (lsn) => {
    expect(() => lsnValue(lsn)).toThrow('Not a WAL position')
  })
})

describe('how far a replica is behind', () => {
  // The primary's position as the probe read it at 1 s intervals: quiet, then written to.
  const samples = [
    { at: 10_000, lsn: 100n },
    { at: 11_000, lsn: 100n },
    { at: 12_000, lsn: 250n },
    { at: 13_000, lsn: 400n }
  ]

  it.each([
    ['has replayed the probe\'s own position: nothing', 400n, 0],
    ['is past it (the primary wrote between the two reads)', 450n, 0],
    ['has the position of a second ago: at most since then', 250n, 1.5],
    ['has an idle primary\'s older position only: since the last sample it held', 100n, 2.5]
  ])('a replica that %s', (_, replayed, seconds) => {
    expect(replicaLagSeconds(samples, replayed, 13_500)).toBe(seconds)
  })

  it('is unknown when the replica lacks even the oldest position kept', () => {
    expect(replicaLagSeconds(samples, 99n, 13_500)).toBeNull()
  })

  it('is nothing for a replica caught up with a primary that wrote nothing for an hour', () => {
    expect(replicaLagSeconds([{ at: 0, lsn: 100n }, { at: 3_600_000, lsn: 100n }], 100n, 3_600_000)).toBe(0)
  })
})
