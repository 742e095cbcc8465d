import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleNames } from '../../../../../shared/vocabulary'
import { sectionModules } from '../../../../../server/domain/portal/portal-home'

/*
 * Module switches hold on every surface: each family portal route declares the part of the service it
 * reads or writes, so a school's `off` and `read_only` reach families as they reach the office and the
 * API (the request pipeline enforces the declaration). Read from the route files themselves, so a route
 * added later without one fails here.
 */

const root = resolve(import.meta.dirname, '../../../../..')

function routeFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(name => /\.(get|post|put|patch|delete)\.ts$/.test(name))
    .map(name => join(folder, name).replaceAll('\\', '/'))
}

/** The module a route file declares: a name, `null` (declared as none), or undefined when it declares nothing. */
function declaredModule(file: string): string | null | undefined {
  const match = /\bmodule:\s*(?:'([a-z_]+)'|(null))\s*[,}]/.exec(readFileSync(join(root, file), 'utf8'))
  if (!match) return undefined
  return match[2] ? null : match[1]!
}

const portalRoutes = routeFiles('server/api/app/portal')

describe('every family portal route declares its module', () => {
  it('finds the portal routes', () => {
    expect(portalRoutes.length).toBeGreaterThanOrEqual(15)
    for (const file of portalRoutes) expect(readFileSync(join(root, file), 'utf8'), file).toContain('definePortalRoute(')
  })

  it.each(portalRoutes)('%s declares a module the school can switch', (file) => {
    const module = declaredModule(file)
    expect(module, `${file} declares no module`).not.toBeUndefined()
    if (module !== null) expect(moduleNames).toContain(module)
  })

  it('declares none only where the office\'s routes over the same records belong to no module either', () => {
    const none = portalRoutes.filter(file => declaredModule(file) === null)
    for (const file of none) expect(file, `${file} declares no module`).toMatch(/^server\/api\/app\/portal\/(consents|messages)\//)
    for (const area of ['consents', 'messages']) {
      for (const office of routeFiles(`server/api/app/${area}`)) expect(
        declaredModule(office), `${office} belongs to a module now: declare it on the portal's ${area} routes too`
      ).toBeUndefined()
    }
  })

  it('offers a section in the portal\'s menu by the module its routes declare', () => {
    for (const file of portalRoutes) {
      const section = /\bsection:\s*'([a-z]+)'/.exec(readFileSync(join(root, file), 'utf8'))?.[1]
      if (section) expect(declaredModule(file), file).toBe(sectionModules[section as keyof typeof sectionModules] ?? null)
    }
  })

  it('puts what families pay under billing and their own details under people, as the office\'s fees and people routes', () => {
    const of = (path: string) => declaredModule(`server/api/app/portal/${path}`)
    expect([of('payers.get.ts'), of('children/[id]/payers.get.ts'), of('fees.get.ts')]).toEqual(['billing', 'billing', 'billing'])
    expect([of('details.get.ts'), of('details/requests.post.ts'), of('children/[id].get.ts')]).toEqual(['people', 'people', 'people'])
    expect(declaredModule('server/api/app/detail-requests/[id]/approve.post.ts')).toBe('people')
  })
})
