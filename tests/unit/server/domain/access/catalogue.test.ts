import { describe, expect, it } from 'vitest'
import { isScope, scopeNames } from '../../../../../server/domain/access/catalogue'
import { isErrorCode } from '../../../../../server/utils/errors'

const inheritedNames = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']

describe('scope and error-code names', () => {
  it.each(inheritedNames)('%s, which every object inherits, is neither a scope nor an error code', (name) => {
    expect(isScope(name)).toBe(false)
    expect(isErrorCode(name)).toBe(false)
  })

  it('knows every scope of the catalogue and the error codes it lists', () => {
    expect(scopeNames.every(isScope)).toBe(true)
    expect(isErrorCode('validation_failed')).toBe(true)
    expect(isScope('person.write')).toBe(false)
  })
})
