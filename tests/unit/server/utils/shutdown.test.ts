import { describe, expect, it } from 'vitest'
import { shutdownDrainMs, shutdownGraceMs } from '../../../../server/utils/shutdown'

describe('the shutdown settings', () => {
  it('drains for SHUTDOWN_DRAIN_SECONDS, none by default or for what is no positive number, and at most a minute', () => {
    expect(shutdownDrainMs({})).toBe(0)
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_SECONDS: '3' })).toBe(3000)
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_SECONDS: '0.5' })).toBe(500)
    for (const odd of ['-2', 'soon', '0', '']) expect(shutdownDrainMs({ SHUTDOWN_DRAIN_SECONDS: odd })).toBe(0)
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_SECONDS: '3600' })).toBe(60_000)
  })

  it('gives requests and workers SHUTDOWN_GRACE_SECONDS, ten by default', () => {
    expect(shutdownGraceMs({})).toBe(10_000)
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_SECONDS: '25' })).toBe(25_000)
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_SECONDS: 'never' })).toBe(10_000)
  })
})
