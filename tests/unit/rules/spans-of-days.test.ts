import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

function serverFiles(): { file: string, code: string }[] {
  return readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter(name => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map(name => ({ file: join('server', name), code: readFileSync(join(root, 'server', name), 'utf8') }))
}

/** The files, outside those allowed, with a line matching the pattern. */
function offenders(pattern: RegExp, allowed: string[]) {
  return serverFiles().filter(({ file, code }) => !allowed.includes(file) && pattern.test(code)).map(({ file }) => file)
}

// The two span rules are stated once (docs/architecture.md, "Spans of days"); these keep them so.
describe('spans of days', () => {
  it('compare a span\'s end with a day only in server/domain/days/in-force.ts', () => {
    expect(offenders(/gte\([^()]*\.validTo\b|\bvalidTo\s*>=|>=\s*\w+(\.\w+)*\.validTo\b/, ['server/domain/days/in-force.ts'])).toEqual([])
  })

  it('are ended only through closeSpan and endSpan, never by setting `validTo` by hand', () => {
    expect(offenders(/\.set\(\{[^}]*\bvalidTo:(?!\s*null\b)/, ['server/domain/days/close-span.ts'])).toEqual([])
  })
})
