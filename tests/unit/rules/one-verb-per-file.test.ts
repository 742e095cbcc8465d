import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

/**
 * The most functions one file of the domain exports. A file is named for what it does (a verb, or one
 * rule with its helpers), so a reader finds a function by its file's name; a file past this bound has
 * become a drawer of several things and is split. No file is exempt.
 */
const mostExportedFunctions = 8

/** The names of the functions a module exports: function declarations and consts holding a function. */
function exportedFunctions(code: string): string[] {
  const source = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest)
  const names = new Set<string>()
  for (const statement of source.statements) {
    if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some(modifier => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue
    if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text)
    if (!ts.isVariableStatement(statement)) continue
    for (const { name, initializer } of statement.declarationList.declarations) {
      if (ts.isIdentifier(name) && initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) names.add(name.text)
    }
  }
  return [...names]
}

describe('one verb per file', () => {
  it('counts a module\'s exported functions, overloads once, and nothing else', () => {
    const code = [
      'export function a(x: string): string', 'export function a(x: number): number', 'export function a(x: unknown) { return x }',
      'export const b = (x: number) => x', 'export async function c() {}', 'export const d = function () {}',
      'function e() {}', 'export const f = 1', 'export interface G { h(): void }', 'export { e }'
    ].join('\n')
    expect(exportedFunctions(code)).toEqual(['a', 'b', 'c', 'd'])
  })

  it(`keeps every file of server/domain to at most ${mostExportedFunctions} exported functions`, () => {
    const files = readdirSync(join(root, 'server/domain'), { recursive: true, encoding: 'utf8' }).filter(name => name.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(100)
    const crowded = files.flatMap((file) => {
      const names = exportedFunctions(readFileSync(join(root, 'server/domain', file), 'utf8'))
      return names.length > mostExportedFunctions ? [`server/domain/${file}: ${names.length} (${names.join(', ')})`] : []
    })
    expect(crowded).toEqual([])
  })
})
