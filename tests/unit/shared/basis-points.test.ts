import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { basisPointsOfPart, parseBasisPoints, partOfBasisPoints, percentText, wholeBasisPoints } from '../../../shared/basis-points'

describe('shares in basis points, read and written without floats', () => {
  it.each([
    [10_000, '100'], [5000, '50'], [1250, '12.5'], [3333, '33.33'], [1, '0.01'], [10, '0.1'], [0, '0'], [-250, '-2.5']
  ])('%i is %s per cent', (basisPoints, text) => {
    expect(percentText(basisPoints)).toBe(text)
  })

  it.each([
    ['12.5', 1250], ['12.50', 1250], ['10', 1000], [' 100 ', 10_000], ['100.00', 10_000], ['0.01', 1], ['0', 0], ['7.', 700], ['33.33 %', 3333], ['5%', 500]
  ])('reads "%s" as %i', (text, basisPoints) => {
    expect(parseBasisPoints(text)).toBe(basisPoints)
  })

  it.each([
    ['', 'empty'], ['   ', 'blank'], ['-5', 'negative'], ['-0.5', 'negative'], ['100.01', 'over 100 %'], ['150', 'over 100 %'], ['1000', 'over 100 %'],
    ['12.345', 'more than two decimals'], ['0.001', 'more than two decimals'], ['abc', 'not a number'], ['12,5', 'a comma'], ['1e2', 'an exponent'],
    ['0x10', 'hexadecimal'], ['.5', 'no whole part'], ['12.5.1', 'two points'], ['NaN', 'not a number'], ['Infinity', 'not a number'],
    ['%', 'a sign alone'], ['+5', 'a plus sign']
  ])('refuses "%s" (%s)', (text) => {
    expect(parseBasisPoints(text)).toBeNull()
  })

  it('turns a part of the whole into basis points and back', () => {
    expect(basisPointsOfPart(0.5)).toBe(5000)
    expect(basisPointsOfPart(1)).toBe(wholeBasisPoints)
    expect(partOfBasisPoints(2500)).toBe(0.25)
  })
})

/*
 * Shares are one type: the whole is written once, here, and no screen turns basis points into a
 * percentage by hand. The other ten thousands in the code are not shares; each says what it is.
 */
describe('the whole and the percentage are written in one place', () => {
  const root = resolve(import.meta.dirname, '../../..')
  const folders = ['server', 'shared', 'db', 'components', 'pages', 'composables', 'layouts', 'middleware', 'scripts']
  const otherTenThousands: Record<string, string> = {
    'server/domain/shared/write-changes.ts': 'events recorded per statement',
    'db/bulk-insert.ts': 'rows per PostgreSQL statement',
    'server/domain/oneroster/query-grammar.ts': 'the largest page of a OneRoster collection',
    'server/domain/schools/caller-school.ts': 'schools a process keeps parsed',
    'shared/schemas/admissions-office.ts': 'characters of a search',
    'shared/schemas/imports-settings.ts': 'characters of a previewed value',
    'server/domain/setup/demo/demo-timetable.ts': 'the demo\'s first login name',
    'server/domain/webhooks/post-webhook.ts': 'milliseconds a delivery may take',
    'scripts/bench/export-producer.ts': 'people the benchmark seeds per batch',
    'scripts/bench/emergency.ts': 'adults an emergency reaches in the benchmark',
    'scripts/bench/absences.ts': 'absences the attendance system posts in the benchmark\'s morning',
    'server/domain/notifications/texts/kannel-gateway.ts': 'milliseconds Kannel may take to answer',
    'server/domain/notifications/texts/twilio-gateway.ts': 'milliseconds Twilio may take to answer'
  }
  const sourceFiles = () => folders.flatMap(folder => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(name => /\.(ts|vue)$/.test(name) && !name.endsWith('.d.ts')).map(name => join(folder, name)))
  /** The code of a file without its comments, which may say "10,000 is the whole" in words. */
  const codeOf = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

  it('writes 10000 as a number only in shared/basis-points.ts, and where it is not a share', () => {
    const writers = sourceFiles().filter(file => /(?<![\w.])10_?000(?![\w.])/.test(codeOf(file)))
    expect(writers.sort()).toEqual(['shared/basis-points.ts', ...Object.keys(otherTenThousands)].sort())
  })

  it('leaves the screens no percentage of their own: none divides or multiplies by 100', () => {
    const screens = sourceFiles().filter(file => /^(components|pages|composables|layouts)\//.test(file))
    expect(screens.filter(file => /[/*]\s*100(?![\d.])/.test(codeOf(file)))).toEqual(['components/screen/ScreenProgress.vue'])
  })
})
