import { describe, expect, it } from 'vitest'
import { capabilityNames, isCapability, scopeNames } from '../../../../../server/domain/access/catalogue'
import { builtInRoles, roleNames } from '../../../../../server/domain/access/roles'
import { staffRoleNames } from '../../../../../shared/schemas/staff-settings'

describe('the capability catalogue', () => {
  it('holds every v1 scope and the screens\' capabilities, once each', () => {
    expect(new Set(capabilityNames).size).toBe(capabilityNames.length)
    for (const scope of scopeNames) expect(isCapability(scope)).toBe(true)
    for (const screen of ['settings.manage', 'tokens.manage', 'staff.manage', 'admissions.manage', 'people.manage']) expect(isCapability(screen)).toBe(true)
    expect(isCapability('toString')).toBe(false)
  })

  it('has the five built-in roles the screens offer, each granting only known capabilities, admin all of them', () => {
    expect(roleNames).toEqual([...staffRoleNames])
    for (const role of roleNames) for (const capability of builtInRoles[role]) expect(isCapability(capability)).toBe(true)
    expect([...builtInRoles.admin].sort()).toEqual([...capabilityNames].sort())
    expect(builtInRoles.read_only.some(capability => capability.endsWith('.write') || capability.endsWith('.manage'))).toBe(false)
  })
})
