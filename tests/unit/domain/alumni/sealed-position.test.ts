import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openPositionText, sealPositionText } from '../../../../server/domain/alumni/sealed-position'

describe('sealed cursor positions', () => {
  const secret = randomBytes(32)

  it('opens what it sealed, and shows nothing of it', () => {
    const sealed = sealPositionText(secret, 'émond\u0001zoë')
    expect(openPositionText(secret, sealed)).toBe('émond\u0001zoë')
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toMatch(/mond|zo/)
  })

  it.each([
    ['another secret', (sealed: string) => openPositionText(randomBytes(32), sealed)],
    ['a changed byte', (sealed: string) => {
      const bytes = Buffer.from(sealed, 'base64url')
      bytes[bytes.length - 1]! ^= 1
      return openPositionText(secret, bytes.toString('base64url'))
    }],
    ['too short', () => openPositionText(secret, 'AAAA')],
    ['not a string', () => openPositionText(secret, 42)]
  ])('refuses %s', (_, open) => {
    expect(open(sealPositionText(secret, 'smith\u0001amelia'))).toBeNull()
  })
})
