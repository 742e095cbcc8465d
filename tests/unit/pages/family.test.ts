import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const pagesUnder = (folder: string): string[] => readdirSync(join(root, folder), { withFileTypes: true })
  .flatMap(entry => entry.isDirectory() ? pagesUnder(join(folder, entry.name)) : entry.name.endsWith('.vue') ? [join(folder, entry.name)] : [])

/** Lines of template a family page may carry: its markup comes from components/portal/ (a section page, a child card, an empty state, a statement…). */
const mostTemplateLines = 60

describe('the family pages draw from components/portal/', () => {
  it.each(pagesUnder('pages/family'))('%s', (page) => {
    const text = readFileSync(join(root, page), 'utf8')
    const template = text.slice(text.indexOf('<template>'))
    expect(template.split('\n').length, `${page}: over ${mostTemplateLines} lines of template; move its markup into components/portal/`)
      .toBeLessThanOrEqual(mostTemplateLines)
    // The portal's frame is one component: no page builds its own heading and refusal line.
    if (page.endsWith('no-access.vue')) return
    expect(template).toMatch(/<PortalSectionPage\b/)
    // One word: the portal's layout and guard are `portal`; only the address says family.
    expect(text).toContain('definePageMeta({ layout: \'portal\', middleware: \'portal\' })')
  })
})
