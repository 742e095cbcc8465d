import { describe, expect, it } from 'vitest'
import { countTextSegments } from '../../../../../../server/domain/notifications/texts/text-segments'

describe('counting a text\'s SMS segments', () => {
  it.each([
    ['an empty text', '', { encoding: 'gsm7', units: 0, segments: 0 }],
    ['plain English', 'Sport is on at 3pm: https://school.example/p', { encoding: 'gsm7', units: 44, segments: 1 }],
    ['Spanish in the GSM alphabet (é, ñ, ü, ¿ and ¡ are in it)', '¿Mañana? ¡Pingüino! Café', { encoding: 'gsm7', units: 24, segments: 1 }],
    ['Spanish outside it (ó is not)', 'Reunión', { encoding: 'ucs2', units: 7, segments: 1 }],
    ['extension characters, two septets each', '€5 [x] {y} ~|^\\', { encoding: 'gsm7', units: 24, segments: 1 }],
    ['160 GSM characters', 'a'.repeat(160), { encoding: 'gsm7', units: 160, segments: 1 }],
    ['161 GSM characters', 'a'.repeat(161), { encoding: 'gsm7', units: 161, segments: 2 }],
    ['306 GSM characters, two full parts', 'a'.repeat(153 * 2), { encoding: 'gsm7', units: 306, segments: 2 }],
    ['307 GSM characters', 'a'.repeat(153 * 2 + 1), { encoding: 'gsm7', units: 307, segments: 3 }],
    ['159 characters and a euro: 161 septets', `${'a'.repeat(159)}€`, { encoding: 'gsm7', units: 161, segments: 2 }],
    ['a euro that would straddle two parts goes whole to the second', `${'a'.repeat(152)}€${'a'.repeat(152)}`, { encoding: 'gsm7', units: 306, segments: 3 }],
    ['Arabic', 'اجتماع أولياء الأمور غدا', { encoding: 'ucs2', units: 24, segments: 1 }],
    ['Chinese', '家长会明天举行', { encoding: 'ucs2', units: 7, segments: 1 }],
    ['one French character outside the GSM alphabet', 'Réunion à l\'école, ça va', { encoding: 'ucs2', units: 24, segments: 1 }],
    ['an emoji, two UTF-16 units', 'Well done 🎉', { encoding: 'ucs2', units: 12, segments: 1 }],
    ['70 UCS-2 units', '会'.repeat(70), { encoding: 'ucs2', units: 70, segments: 1 }],
    ['71 UCS-2 units', '会'.repeat(71), { encoding: 'ucs2', units: 71, segments: 2 }],
    ['134 UCS-2 units, two full parts', '会'.repeat(67 * 2), { encoding: 'ucs2', units: 134, segments: 2 }],
    ['135 UCS-2 units', '会'.repeat(67 * 2 + 1), { encoding: 'ucs2', units: 135, segments: 3 }],
    ['an emoji that would straddle two parts goes whole to the second', `${'会'.repeat(66)}🎉${'会'.repeat(66)}`, { encoding: 'ucs2', units: 134, segments: 3 }]
  ])('%s', (_, text, expected) => {
    expect(countTextSegments(text)).toEqual(expected)
  })
})
