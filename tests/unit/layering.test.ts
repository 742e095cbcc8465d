import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

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

/** A relative specifier as a path from the repository's root; a package or alias as written. */
function target(file: string, specifier: string): string {
  return specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier
}

function importsOf(folder: string) {
  return sourceFiles(folder).flatMap(file => importSpecifiers(readFileSync(join(root, file), 'utf8')).map(specifier => ({ file, target: target(file, specifier) })))
}

/** The code without comments and string literals, so only what runs is searched. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, '""')
}

describe('layering', () => {
  it('keeps the domain free of h3, Nitro and server/utils', () => {
    const imports = importsOf('server/domain')
    expect(imports.length).toBeGreaterThan(50)
    const offending = imports.filter(({ target }) => /^(h3|nitropack|nuxt|#)/.test(target) || target === 'server/utils' || target.startsWith('server/utils/'))
    expect(offending).toEqual([])
  })

  it('keeps the domain from reaching h3 or server/utils through Nitro\'s auto-imports either', async () => {
    // Nitro makes every export of h3 and server/utils a global of server code, so a domain file could use one without an import.
    const utilsExports = sourceFiles('server/utils').flatMap(file => [...readFileSync(join(root, file), 'utf8')
      .matchAll(/export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+([\w$]+)/g)].map(match => match[1]!))
    const autoImported = new Set([...Object.keys(await import('h3')), ...utilsExports, 'useStorage', 'useRuntimeConfig', 'useNitroApp', 'defineNitroPlugin', 'defineTask', 'runTask'])
    expect(autoImported.has('defineEventHandler') && autoImported.has('apiError') && autoImported.has('useDatabase')).toBe(true)
    const unimported = sourceFiles('server/domain').flatMap((file) => {
      const code = codeOnly(readFileSync(join(root, file), 'utf8'))
      const named = new Set([
        ...[...code.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(match => match[1]!.split(',').map(name => name.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, ''))),
        ...[...code.matchAll(/\b(?:const|let|var|function|class|interface|type|enum)\s+([\w$]+)/g)].map(match => match[1]!)
      ])
      const used = [...code.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)/g)].map(match => match[1]!)
      return [...new Set(used.filter(name => autoImported.has(name) && !named.has(name)))].map(name => `${file}: ${name}`)
    })
    expect(unimported).toEqual([])
  })

  it('keeps shared/ (which the screens\' bundle takes) free of server/ and db/', () => {
    const imports = importsOf('shared')
    expect(imports.length).toBeGreaterThan(5)
    const offending = imports.filter(({ target }) => /^(server|db)(\/|$)/.test(target) || /^(h3|nitropack|#)/.test(target) || target.startsWith('..'))
    expect(offending).toEqual([])
  })

  it('decides access in server/domain/access/ alone: elsewhere the role, protection-flag and court-order tables are only shown or written', () => {
    // The drizzle tables and their SQL names, in code and in raw SQL alike (comments aside).
    const decidingTables = /\b(staffRoles|protectionFlags|courtOrders|staff_roles|protection_flags|court_orders)\b/
    // Each file outside access/ that may name one of them, and why that is not deciding access.
    const showOrWrite: Record<string, string> = {
      'server/domain/staff/roles.ts': 'the roles screen lists the school\'s roles and changes one (after access/delegation.ts)',
      'server/domain/restricted/protection-flags.ts': 'records and lifts a flag',
      'server/domain/restricted/court-orders.ts': 'records and ends an order',
      'server/domain/restricted/restricted-record.ts': 'reads the record once access/withholding.ts let the caller see it, and says when a flag or order is in force',
      'server/domain/shared/close-span.ts': 'ends a span of these tables, among others',
      'server/domain/exports/tables/people.ts': 'the value of the restricted column courtOrderOnFile, which access/fields.ts keeps out of every file'
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
