import { describe, expect, it } from 'vitest'
import type { ReplicaVerdict } from '../../../../../db/replica'
import { chooseReadSource, isReplicaFailure, readYourWritesMs } from '../../../../../server/domain/shared/read-database'

const fit: ReplicaVerdict = { usable: true, lagSeconds: 0.5, reason: 'fit' }
const now = Date.parse('2026-11-29T12:00:00.000Z')
const ago = (ms: number) => new Date(now - ms).toISOString()

describe('where a lag-tolerant read goes', () => {
  it.each([
    ['a caller who never wrote, to a fit replica', fit, null, { to: 'replica', reason: 'fit' }],
    ['a caller who wrote 11 s ago, to a fit replica', fit, ago(11_000), { to: 'replica', reason: 'fit' }],
    ['a caller who wrote 9 s ago, to the primary', fit, ago(9_000), { to: 'primary', reason: 'recent_write' }],
    ['a caller who wrote just now, to the primary even with the replica down', { usable: false, lagSeconds: null, reason: 'unreachable' }, ago(0),
      { to: 'primary', reason: 'recent_write' }],
    ['anyone, to the primary while the replica is behind', { usable: false, lagSeconds: 12, reason: 'behind' }, null, { to: 'primary', reason: 'behind' }],
    ['anyone, to the primary while the replica is unreachable', { usable: false, lagSeconds: null, reason: 'unreachable' }, null,
      { to: 'primary', reason: 'unreachable' }],
    ['anyone, to the primary after a read failed on the replica', { usable: false, lagSeconds: 0, reason: 'fell_over' }, null,
      { to: 'primary', reason: 'fell_over' }]
  ] as const)('sends %s', (_, verdict, lastWriteAt, choice) => {
    expect(chooseReadSource(verdict, lastWriteAt, now, 5)).toEqual(choice)
  })

  it('keeps a writer on the primary for 10 s, or as long as a replica may be behind when the bound is longer', () => {
    expect(readYourWritesMs(5)).toBe(10_000)
    expect(readYourWritesMs(30)).toBe(31_000)
    expect(chooseReadSource(fit, ago(20_000), now, 30)).toEqual({ to: 'primary', reason: 'recent_write' })
  })
})

describe('a read the replica failed', () => {
  const failure = (code: string) => Object.assign(new Error(code), { code })

  it.each(['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', '57P01', '57P03', '57014', '40001', '08006'])(
    'with %s is read again from the primary', (code) => {
      expect(isReplicaFailure(failure(code))).toBe(true)
    }
  )

  it.each(['23505', '42P01', '25006'])('with %s is an error of the read itself, not of the replica', (code) => {
    expect(isReplicaFailure(failure(code))).toBe(false)
  })

  it('is told through drizzle\'s wrapping of the driver\'s error', () => {
    expect(isReplicaFailure(Object.assign(new Error('Failed query'), { cause: failure('ECONNREFUSED') }))).toBe(true)
  })

  it('without a code is not the replica\'s', () => {
    expect(isReplicaFailure(new Error('not_found'))).toBe(false)
  })
})
