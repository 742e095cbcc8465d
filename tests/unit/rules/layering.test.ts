import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(name => /\.(ts|mts|vue)$/.test(name) && !name.endsWith('.d.ts'))
    .map(name => join(folder, name))
}

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic imports. */
function importSpecifiers(code: string): string[] {
  const patterns = [/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g]
  return patterns.flatMap(pattern => [...code.matchAll(pattern)].map(match => match[1]!))
}

/**
 * A relative specifier, or one through Nuxt's root aliases (`~~/`, `@@/`, and `~/`, `@/` as the source folder is
 * the root), as a path from the repository's root; a package as written.
 */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return relative(root, resolve(root, dirname(file), specifier))
  const aliased = /^(?:~~|@@|~|@)\/(.*)$/.exec(specifier)
  return aliased ? relative(root, resolve(root, aliased[1]!)) : specifier
}

function importsOf(folder: string) {
  return sourceFiles(folder)
    .flatMap(file => importSpecifiers(readFileSync(join(root, file), 'utf8')).map(specifier => ({ file, target: target(file, specifier) })))
}

/** The modules a file imports only for their types (`import type …`), which leave nothing in the bundle. */
function typeOnlyImports(code: string): Set<string> {
  return new Set([...code.matchAll(/\bimport\s+type\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)].map(match => match[1]!))
}

/** The code without comments and string literals, so only what runs is searched. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, '""')
}

/** What Nitro's runtime makes global in server code (nitropack 2's auto-import preset). */
const nitroRuntimeImports = ['useNitroApp', 'useRuntimeConfig', 'useAppConfig', 'defineAppConfig', 'defineNitroPlugin', 'nitroPlugin', 'defineCachedFunction',
  'defineCachedEventHandler', 'cachedFunction', 'cachedEventHandler', 'useStorage', 'defineRenderHandler', 'defineRouteMeta', 'getRouteRules', 'useEvent',
  'defineTask', 'runTask', 'defineNitroErrorHandler']

describe('layering', () => {
  it('keeps the domain free of h3, Nitro and server/utils', () => {
    const imports = importsOf('server/domain')
    expect(imports.length).toBeGreaterThan(50)
    const offending = imports.filter(({ target }) => /^(h3|nitropack|nuxt|#)/.test(target) || target === 'server/utils' || target.startsWith('server/utils/'))
    expect(offending).toEqual([])
  })

  it('keeps every file under server/ on explicit imports: none leans on Nitro\'s auto-imports of h3, Nitro or server/utils', async () => {
    // Nitro makes every export of h3 and server/utils a global of server code, so a file could use one
    // without an import; an import names where it comes from, and the rules above can see it.
    const utilsExports = sourceFiles('server/utils').flatMap(file => [...readFileSync(join(root, file), 'utf8')
      .matchAll(/export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+([\w$]+)/g)].map(match => match[1]!))
    const autoImported = new Set([...Object.keys(await import('h3')), ...utilsExports, ...nitroRuntimeImports])
    expect(autoImported.has('defineEventHandler') && autoImported.has('apiError') && autoImported.has('defineAppRoute')).toBe(true)
    const files = sourceFiles('server')
    expect(files.some(file => file.startsWith('server/api/app/'))).toBe(true)
    const unimported = files.flatMap((file) => {
      const code = codeOnly(readFileSync(join(root, file), 'utf8'))
      const named = new Set([
        ...[...code.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(match => match[1]!.split(',')
          .map(name => name.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, ''))),
        ...[...code.matchAll(/\b(?:const|let|var|function|class|interface|type|enum)\s+([\w$]+)/g)].map(match => match[1]!)
      ])
      const used = [...code.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)/g)].map(match => match[1]!)
      return [...new Set(used.filter(name => autoImported.has(name) && !named.has(name)))].map(name => `${file}: ${name}`)
    })
    expect(unimported).toEqual([])
  })

  it('finds no import loop inside server/domain but the export storage\'s interface and its factory', () => {
    // Type-only imports count: a loop of types is a loop of meaning (accounts ↔ family access was one).
    const graph = new Map<string, string[]>()
    for (const { file, target: imported } of importsOf('server/domain')) {
      const module = `${imported}.ts`
      if (!module.startsWith('server/domain/')) continue
      graph.set(file, [...graph.get(file) ?? [], module])
    }
    // Tarjan's strongly connected components: every group of files that reach each other.
    const loops: string[][] = []
    const index = new Map<string, number>()
    const low = new Map<string, number>()
    const stack: string[] = []
    const visit = (file: string) => {
      index.set(file, index.size)
      low.set(file, index.get(file)!)
      stack.push(file)
      for (const next of graph.get(file) ?? []) {
        if (!index.has(next)) {
          visit(next)
          low.set(file, Math.min(low.get(file)!, low.get(next)!))
        } else if (stack.includes(next)) {
          low.set(file, Math.min(low.get(file)!, index.get(next)!))
        }
      }
      if (low.get(file) !== index.get(file)) return
      const loop: string[] = []
      let member: string
      do {
        member = stack.pop()!
        loop.push(member)
      } while (member !== file)
      if (loop.length > 1) loops.push(loop.sort())
    }
    for (const file of graph.keys()) if (!index.has(file)) visit(file)
    // The storage interface names the two kinds it can make; each kind implements the interface.
    const allowed = [
      'server/domain/exports/storage/export-storage.ts', 'server/domain/exports/storage/local-folder-storage.ts',
      'server/domain/exports/storage/s3-bucket-storage.ts'
    ]
    expect(graph.size).toBeGreaterThan(100)
    expect(loops).toEqual([allowed])
  })

  it('keeps server/ free of scripts/ and cli/, which call the server, never the other way', () => {
    const imports = importsOf('server')
    expect(imports.length).toBeGreaterThan(200)
    const offending = imports.filter(({ target }) => /^(scripts|cli)(\/|$)/.test(target))
    expect(offending).toEqual([])
  })

  it('keeps shared/ (which the screens\' bundle takes) free of server/ and db/', () => {
    const imports = importsOf('shared')
    expect(imports.length).toBeGreaterThan(5)
    const offending = imports.filter(({ target }) => /^(server|db)(\/|$)/.test(target) || /^(h3|nitropack|#)/.test(target) || target.startsWith('..'))
    expect(offending).toEqual([])
  })

  it('keeps the screens (pages, components, composables, layouts, middleware) free of server/ and db/ code', () => {
    const screens = ['pages', 'components', 'composables', 'layouts', 'middleware']
    const imports = screens.flatMap(folder => importsOf(folder))
    expect(imports.length).toBeGreaterThan(10)
    const offending = imports.filter(({ target }) => /^(server|db|scripts|cli|h3)(\/|$)/.test(target) || /^#(internal|nitro)/.test(target))
    expect(offending).toEqual([])
    // Answer types come from the routes through Nitro's generated route types: type-only, so no server code reaches the bundle.
    const nitro = screens.flatMap(sourceFiles).flatMap((file) => {
      const code = readFileSync(join(root, file), 'utf8')
      const typeOnly = typeOnlyImports(code)
      return importSpecifiers(code).filter(specifier => /^nitropack(\/|$)/.test(specifier) && !typeOnly.has(specifier))
        .map(specifier => `${file}: ${specifier}`)
    })
    expect(nitro).toEqual([])
  })

  it('leaves /api/app paths to the composables: pages, components and layouts name none', () => {
    const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const naming = ['pages', 'components', 'layouts', 'middleware'].flatMap(sourceFiles)
      .filter(file => withoutComments(readFileSync(join(root, file), 'utf8')).includes('/api/app'))
    expect(naming).toEqual([])
  })

  it('decides access in server/domain/access/ alone: elsewhere the role, protection-flag and court-order tables are only shown or written', () => {
    // The drizzle tables and their SQL names, in code and in raw SQL alike (comments aside).
    const decidingTables = /\b(staffRoles|protectionFlags|courtOrders|staff_roles|protection_flags|court_orders)\b/
    // Each file outside access/ that may name one of them, and why that is not deciding access.
    const showOrWrite: Record<string, string> = {
      'server/domain/staff/roles.ts': 'the roles screen lists the school\'s roles and changes one (after access/delegation.ts)',
      'server/domain/restricted/protection-flags.ts': 'records and lifts a flag',
      'server/domain/restricted/court-orders.ts': 'records and ends an order',
      'server/domain/restricted/restricted-record.ts': 'reads the record once access/withholding.ts let the caller see it',
      'server/domain/restricted/in-force-rules.ts': 'says when a flag or order is in force, for access/withholding.ts and the record alike',
      'server/domain/days/close-span.ts': 'ends a span of these tables, among others',
      'server/domain/exports/tables/people.ts': 'the value of the restricted column courtOrderOnFile, which access/fields.ts keeps out of every file',
      'server/domain/admissions/possible-duplicates.ts': 'asks whether a person is named anywhere but the application, a flag or an order among the places, before one is merged away',
      'server/domain/staff/today.ts': 'counts the orders ending soon, for a caller access/ says holds restricted.read',
      'server/domain/retention/erase-person.ts': 'asks whether a flag or order names the person to erase, who then stays whole until its review',
      'server/api/app/people/[id]/restricted.get.ts': 'shows the restricted record that access/withholding.ts let the caller see',
      'server/domain/retention/due-people.ts': 'lists flags and orders past their retention period for review, and keeps the people they name out of the sweep',
      'server/domain/retention/read-due-list.ts': 'names the person of a restricted record due for review, to staff holding retention.manage',
      'server/domain/subject-access/review-items.ts': 'lists a subject\'s flags and orders for a subject access answer, once access/withholding.ts let the caller see them',
      'server/domain/subject-access/answer-document.ts': 'reads the flags and orders the office decided to include in a subject access answer'
    }
    const scanned = ['server', 'cli', 'scripts'].flatMap(sourceFiles).filter(file => !file.startsWith('server/domain/access/'))
    const uncomment = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    const reading = scanned.filter(file => decidingTables.test(uncomment(readFileSync(join(root, file), 'utf8'))))
    expect(reading.filter(file => !(file in showOrWrite))).toEqual([])
    // An allowance for a file that no longer names them is dropped, so the list stays exact.
    expect(Object.keys(showOrWrite).filter(file => !reading.includes(file))).toEqual([])
    // Nor does anything outside access test a caller's capability by hand: it asks access.
    expect(scanned.filter(file => /\bcapabilities\.has\(/.test(codeOnly(readFileSync(join(root, file), 'utf8'))))).toEqual([])
  })
})
