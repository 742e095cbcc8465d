import { describe, expect, it } from 'vitest'
import { placesOpenTo, staffAreas, staffSettings } from '../../shared/staff-navigation'
import { isCapability } from '../../server/domain/access/catalogue'
import { builtInRoles } from '../../server/domain/access/roles'

describe('the staff navigation (shared/staff-navigation.ts)', () => {
  it('names only capabilities of the catalogue', () => {
    const named = [...staffAreas, ...staffSettings].flatMap(place => place.capability ? [place.capability] : [])
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter(capability => !isCapability(capability))).toEqual([])
  })

  it('offers each built-in role the settings its capabilities open, and every role the areas', () => {
    const offered = (role: keyof typeof builtInRoles) => {
      const held = new Set<string>(builtInRoles[role])
      return placesOpenTo([...staffAreas, ...staffSettings], capability => held.has(capability)).map(place => place.label)
    }
    expect(offered('admin')).toEqual(['Home', 'People', 'Admissions', 'Rosters', 'Exports', 'API tokens', 'Rostering tokens', 'Staff'])
    expect(offered('teacher')).toEqual(['Home', 'People', 'Admissions', 'Rosters', 'Exports'])
  })
})
