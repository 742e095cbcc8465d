import { describe, expect, it } from 'vitest'
import { placesOpenTo, staffAreas, staffSettings } from '../../../shared/staff-navigation'
import { isCapability } from '../../../server/domain/access/catalogue'
import { builtInRoles } from '../../../server/domain/access/roles'
import english from '../../../i18n/staff/en.json'

/** A place's name as English's staff file writes it; its key when the file lacks it, so the comparison names it. */
const englishOf = (key: string) => key.split('.').reduce<any>((tree, segment) => tree?.[segment], english) ?? key

describe('the staff navigation (shared/staff-navigation.ts)', () => {
  it('names only capabilities of the catalogue', () => {
    const named = [...staffAreas, ...staffSettings].flatMap(place => place.capability ? [place.capability] : [])
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter(capability => !isCapability(capability))).toEqual([])
  })

  it('names each place by a key of the staff files (which the sidebar and the settings bar translate)', () => {
    expect([...staffAreas, ...staffSettings].map(place => place.label).filter(key => typeof englishOf(key) !== 'string' || englishOf(key) === key)).toEqual([])
  })

  it('offers each built-in role the areas and settings its capabilities open', () => {
    const offered = (role: keyof typeof builtInRoles) => {
      const held = new Set<string>(builtInRoles[role])
      return placesOpenTo([...staffAreas, ...staffSettings], capability => held.has(capability)).map(place => englishOf(place.label))
    }
    expect(offered('admin')).toEqual([
      'Today', 'People', 'Absences', 'Admissions', 'Tours', 'Starters', 'Classes', 'Fees', 'Family requests', 'Data checks', 'Consents', 'Messages',
      'Subject access', 'School', 'Modules', 'Roles', 'Staff', 'API tokens', 'Webhooks', 'HRIS import', 'People sync', 'Rostering', 'Exports',
      'Family portal', 'Notifications', 'Absences', 'Activity', 'Data retention'
    ])
    expect(offered('office')).toEqual([
      'Today', 'People', 'Absences', 'Admissions', 'Tours', 'Starters', 'Fees', 'Family requests', 'Data checks', 'Consents', 'Messages', 'Exports'
    ])
    expect(offered('teacher')).toEqual(['Today', 'People', 'Classes'])
  })
})
