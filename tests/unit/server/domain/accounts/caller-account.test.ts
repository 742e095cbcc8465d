import { describe, expect, it } from 'vitest'
import type { Actor, DomainContext } from '../../../../../server/domain/shared/context'
import { callerAccountId } from '../../../../../server/domain/accounts/caller-account'

const contextOf = (actor: Actor) => ({ actor, capabilities: new Set() }) as unknown as DomainContext

describe('the caller\'s own account', () => {
  it('is the staff actor\'s account, whatever else the request names', () => {
    expect(callerAccountId(contextOf({ kind: 'staff', accountId: 'acc_1', sessionId: 'ssn_1' }))).toBe('acc_1')
  })

  it('is refused to a token or the service: they have no passkeys or sessions of their own', () => {
    for (const actor of [{ kind: 'token', tokenId: 'tok_1', issuedVia: 'settings' }, { kind: 'system', name: 'cli' }] as const) {
      expect(() => callerAccountId(contextOf(actor))).toThrow(expect.objectContaining({ code: 'forbidden' }))
    }
  })
})
