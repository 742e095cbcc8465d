import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { recordedActor } from '../../../../../server/domain/shared/actor'

/** Every .ts file under these folders. */
function sources(...roots: string[]): string[] {
  return roots.flatMap(root => readdirSync(root).flatMap((name) => {
    const path = join(root, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  }))
}

describe('the recorded form of an actor', () => {
  it('names each caller kind one way', () => {
    expect(recordedActor({ kind: 'token', tokenId: 'tok_1', issuedVia: 'settings' })).toBe('token:tok_1')
    expect(recordedActor({ kind: 'staff', accountId: 'acc_1', sessionId: 'ssn_1' })).toBe('staff:acc_1')
    expect(recordedActor({ kind: 'system', name: 'cli' })).toBe('system:cli')
  })

  it('is the only place a record spells an actor: nothing writes a `token:`, `staff:` or `system:` string by hand', () => {
    const spelled = sources('server', 'cli', 'scripts').filter(path => !path.endsWith(join('shared', 'actor.ts')))
      .filter(path => readFileSync(path, 'utf8').split('\n').some(line => !/^\s*(\*|\/\/|\/\*)/.test(line) && /[`'"](token|staff|system):/.test(line)))
    expect(spelled).toEqual([])
  })
})
