import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { portalDataPlace, portalMenu, portalNotificationsPlace, portalPaths, portalSectionPlaces } from '../../../shared/portal-navigation'
import { portalSections } from '../../../shared/vocabulary'

const root = join(import.meta.dirname, '../../..')
const filesUnder = (folder: string): string[] => readdirSync(join(root, folder), { withFileTypes: true })
  .flatMap(entry => entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)])
/** The page file an address opens: /family is pages/family/index.vue, /family/fees pages/family/fees.vue or pages/family/fees/index.vue. */
const pageOf = (to: string) => [`pages${to}.vue`, `pages${to}/index.vue`].find(file => existsSync(join(root, file)))
const familyPages = filesUnder('pages/family').map(file => relative(root, join(root, file)))
const portalRoutes = filesUnder('server/api/app/portal').map(file => readFileSync(join(root, file), 'utf8'))

/*
 * A section is one declaration in shared/portal-navigation.ts and a file in each of its places
 * (docs/portal.md, "Adding a section"): its page under /family, its composable in composables/portal/,
 * and its domain reader, beside its area's rules as `<area>/portal-<area>.ts` (or in portal/ for the
 * family's own records), which a portal route calls.
 */
describe('the portal\'s sections (shared/portal-navigation.ts)', () => {
  it('places every section the server knows, and only those', () => {
    expect(Object.keys(portalSectionPlaces).sort()).toEqual([...portalSections].sort())
  })

  it.each(portalSections.map(section => [section, portalSectionPlaces[section]] as const))('%s has its page, composable and module', (_section, place) => {
    expect(place.to.startsWith(`${portalPaths.home}`), 'the addresses stay under /family').toBe(true)
    expect(pageOf(place.to), `a page for ${place.to}`).toBeDefined()
    const composable = `composables/portal/${place.composable}.ts`
    expect(existsSync(join(root, composable)), composable).toBe(true)
    expect(readFileSync(join(root, composable), 'utf8')).toContain(`export function ${place.composable}(`)
    expect(
      familyPages.some(page => readFileSync(join(root, page), 'utf8').includes(`${place.composable}(`)),
      `a page under pages/family calls ${place.composable}`
    ).toBe(true)
    expect(place.reader).toMatch(/^server\/domain\/(portal\/[\w-]+|(\w+)\/portal-\2)\.ts$/)
    expect(existsSync(join(root, place.reader)), place.reader).toBe(true)
    const imported = place.reader.replace(/^server\//, '').replace(/\.ts$/, '')
    expect(portalRoutes.some(route => route.includes(`/${imported}'`)), `a route under server/api/app/portal calls ${place.reader}`).toBe(true)
  })

  it('keeps each composable of composables/portal/ to one section or the portal itself', () => {
    const declared =
      new Set(['usePortal', 'portalRead', 'usePortalMessage', 'usePortalData', 'usePortalNotifications', 'usePortalDataCheck',
        ...Object.values(portalSectionPlaces).map(place => place.composable)])
    const files = readdirSync(join(root, 'composables/portal')).map(file => file.replace(/\.ts$/, ''))
    expect(files.filter(file => !declared.has(file))).toEqual([])
    for (const file of files) expect(readFileSync(join(root, `composables/portal/${file}.ts`), 'utf8').match(/^export function /gm)).toHaveLength(1)
  })

  it('builds the menu from the sections on, then Our data and Notifications, then passkeys outside a preview', () => {
    expect(portalMenu(['children', 'fees'], false)).toEqual([
      { label: 'portal.nav.children', to: '/family' }, { label: 'portal.nav.fees', to: '/family/fees' },
      { label: 'portal.nav.data', to: portalDataPlace.to }, { label: 'portal.nav.notifications', to: portalNotificationsPlace.to },
      { label: 'portal.nav.passkeys', to: '/family/passkeys' }
    ])
    expect(portalMenu([], true))
      .toEqual([{ label: 'portal.nav.data', to: '/family/data' }, { label: 'portal.nav.notifications', to: '/family/notifications' }])
  })

  it('names every place and card by a key English has (the locale test holds the other languages to English\'s keys)', () => {
    const english = JSON.parse(readFileSync(join(root, 'i18n/locales/en.json'), 'utf8'))
    const has = (key: string) => typeof key.split('.').reduce<any>((node, part) => node?.[part], english) === 'string'
    const places = [...Object.values(portalSectionPlaces), portalDataPlace, portalNotificationsPlace]
    const keys = [...places.flatMap(place => [place.label, place.homeCard ?? []].flat()), ...portalMenu([], false).map(place => place.label)]
    expect(keys.filter(key => !has(key))).toEqual([])
  })
})
