import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scopeCatalogue, screenCapabilityCatalogue } from '../../../server/domain/access/catalogue'
import english from '../../../i18n/locales/en.json'
import staffEnglish from '../../../i18n/staff/en.json'

const root = join(import.meta.dirname, '../../..')
/** 'person.read' as its message key: 'personRead'. */
const keyOf = (name: string) => name.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())

// The screens word each capability themselves (in the page's language) and fall back to the server's English only for
// one they do not know: a capability added to the catalogue must reach the messages and the screens' maps too.
describe('the capabilities in the screens\' words', () => {
  it('keeps every scope\'s English words as the server\'s catalogue says them, and maps each in useScopeWords', () => {
    const mapping = readFileSync(join(root, 'composables/useScopeWords.ts'), 'utf8')
    for (const [name, words] of Object.entries(scopeCatalogue)) {
      expect((english.common.scopes as Record<string, string>)[keyOf(name)], name).toBe(words)
      expect(mapping, name).toContain(`'${name}': t('common.scopes.${keyOf(name)}')`)
    }
    expect(Object.keys(english.common.scopes)).toHaveLength(Object.keys(scopeCatalogue).length)
  })

  it('keeps every screen capability\'s English words as the catalogue says them, and maps each on the Roles page', () => {
    const page = readFileSync(join(root, 'pages/staff/settings/roles.vue'), 'utf8')
    const staffWords = staffEnglish.staff.settings.roles.capabilityWords as Record<string, string>
    for (const [name, words] of Object.entries(screenCapabilityCatalogue)) {
      expect(staffWords[keyOf(name)], name).toBe(words)
      expect(page, name).toContain(`'${name}': t('staff.settings.roles.capabilityWords.${keyOf(name)}')`)
    }
    expect(Object.keys(staffWords)).toHaveLength(Object.keys(screenCapabilityCatalogue).length)
  })
})
