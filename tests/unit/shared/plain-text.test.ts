import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { controlCharacterIn, escapeUnseenCharacters, invisibleCharacterIn, multilineTextRefusal, plainLineRefusal } from '../../../shared/plain-text'
import { listValue, personName, plainLine } from '../../../shared/schemas/common'
import { malformedTextProblems } from '../../../shared/field-problems'

describe('the plain-text rule', () => {
  it.each([
    ['zero-width space', 'A\u200bda', 'U+200B'], ['word joiner', 'A\u2060da', 'U+2060'], ['byte order mark', 'Ada\ufeff', 'U+FEFF'],
    ['soft hyphen', 'A\u00adda', 'U+00AD'], ['left-to-right mark', '\u200eAda', 'U+200E'], ['right-to-left mark', 'Ada\u200f', 'U+200F'],
    ['Arabic letter mark', 'Ada\u061c', 'U+061C'], ['left-to-right embedding', '\u202aAda', 'U+202A'], ['right-to-left override', 'Ada\u202ecod.exe', 'U+202E'],
    ['first-strong isolate', '\u2068Ada', 'U+2068'], ['pop directional isolate', 'Ada\u2069', 'U+2069'], ['line separator', 'A\u2028da', 'U+2028'],
    ['paragraph separator', 'A\u2029da', 'U+2029'], ['Hangul filler', '\u3164', 'U+3164'], ['invisible times', 'A\u2062da', 'U+2062'],
    ['ZWNJ between Latin letters', 'A\u200cda', 'U+200C'], ['ZWJ between Latin letters', 'A\u200dda', 'U+200D'],
    ['ZWJ at the end of an Arabic word', 'مریم\u200d', 'U+200D'], ['ZWJ between Arabic and Latin', 'مریم\u200dAda', 'U+200D'],
    ['an emoji ZWJ sequence', 'Ada 👩\u200d💻', 'U+200D']
  ])('refuses a %s with bad_request', (_, text, name) => {
    expect(plainLineRefusal(text))
      .toEqual({ code: 'bad_request', message: `Contains an invisible or direction-changing character (${name}).`, index: expect.any(Number) })
  })

  it.each([
    ['Zoë'], ['O\'Connor'], ['Nguyễn-Smith'], ['Ó Briain'], ['山田 花子'], ['Σοφία'],
    ['می‌خواهم (Persian, ZWNJ)'.split(' ')[0]!], ['نامه‌ها'], ['क्‍षमा (Hindi, ZWJ after a virama)'.split(' ')[0]!],
    ['র‍্যাব'], ['ශ්‍රී'], ['മലയാള‌ം'], ['ܫܠܡܐ']
  ])('keeps %s', (text) => {
    expect(plainLineRefusal(text)).toBeUndefined()
    expect(invisibleCharacterIn(text)).toBeUndefined()
  })

  it('refuses control characters, C1 included, with validation_failed, and allows tab and line breaks in text of several lines only', () => {
    for (const char of ['\u0000', '\u0001', '\t', '\n', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(plainLineRefusal(`A${char}da`)).toMatchObject({ code: 'validation_failed', message: 'Contains a control character.' })
    }
    expect(controlCharacterIn('a\tb\r\nc', true)).toBeUndefined()
    expect(multilineTextRefusal('a\tb\r\nc')).toBeUndefined()
    expect(multilineTextRefusal('a\nb\u0000')).toMatchObject({ code: 'validation_failed', message: 'Line 2 holds a NUL character.' })
    expect(multilineTextRefusal('ab\u0085')).toMatchObject({ message: 'Contains a control character.' })
    expect(multilineTextRefusal('ab\u0007', true)).toMatchObject({ message: 'Line 1 holds a control character.' })
  })

  it('escapes every unseen character for a log line, so none can forge or disguise one', () => {
    expect(escapeUnseenCharacters('a\nb\u2028c\u202ed\u200be')).toBe('a\\u000ab\\u2028c\\u202ed\\u200be')
  })
})

describe('names, titles and list values in zod', () => {
  it('answers an invisible character as bad_request, naming the field, and a control character as validation_failed', () => {
    const schema = z.object({ student: z.object({ familyName: personName }), relationship: listValue(64) })
    const result = schema.safeParse({ student: { familyName: 'Ng\u200bata' }, relationship: 'mo\u0001ther' })
    expect(malformedTextProblems(result.error!))
      .toEqual([{ path: 'student.familyName', message: 'Contains an invisible or direction-changing character (U+200B).' }])
    expect(result.error!.issues.map(issue => issue.message)).toContain('Contains a control character.')
  })

  it('checks before trimming, so an invisible character at either end is refused, not dropped unseen', () => {
    expect(personName.safeParse('\ufeffAda').success).toBe(false)
    expect(personName.safeParse('Ada\u2028').success).toBe(false)
    expect(personName.safeParse('  Ada  ').data).toBe('Ada')
    // A tab or line break at an end is trimmed away, as names always were; inside, it is refused.
    expect(personName.safeParse('\tAda\r\n').data).toBe('Ada')
    expect(personName.safeParse('A\tda').success).toBe(false)
    expect(plainLineRefusal('Ada\t')).toMatchObject({ code: 'validation_failed' })
    expect(plainLineRefusal('Ada\t', { trimmed: true })).toBeUndefined()
    expect(plainLineRefusal(' Ada\u0085', { trimmed: true })).toMatchObject({ code: 'validation_failed', index: 4 })
  })

  it.each(['', ' ', '\t', '   '])('refuses a blank name %j, and says so in the published schema as a pattern', (text) => {
    expect(personName.safeParse(text).success).toBe(false)
    const published = z.toJSONSchema(plainLine(200)) as { pattern?: string, minLength?: number }
    expect(published).toMatchObject({ type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' })
    expect(new RegExp(published.pattern!).test(text)).toBe(false)
  })

  it('keeps a list value exactly as sent', () => {
    expect(listValue(64).safeParse('mother').data).toBe('mother')
    expect(listValue(64).safeParse(' ').success).toBe(false)
  })
})
