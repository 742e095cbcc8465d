/**
 * How many SMS a text costs (3GPP TS 23.038 and 23.040), shown to the office before a notice goes:
 * the GSM 7-bit default alphabet when every character is in it or its extension table, UCS-2 otherwise.
 */
export interface TextSegments {
  encoding: 'gsm7' | 'ucs2'
  /** Septets for GSM-7 (an extension character takes two), UTF-16 code units for UCS-2 (an emoji takes two). */
  units: number
  segments: number
}

const gsm7Basic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?'
  + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
)
// Each is sent as the escape septet and one more, so it costs two.
const gsm7Extension = new Set('\f^{}\\[~]|€')

// A concatenated SMS gives 6 octets of each part to the header that joins them: 153 septets or 67 UCS-2 units are left.
const limits = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 }
} as const

/** The encoding, units and number of SMS a text is sent as; an empty text is no SMS at all. */
export function countTextSegments(text: string): TextSegments {
  const characters = [...text]
  const gsm7 = characters.every(character => gsm7Basic.has(character) || gsm7Extension.has(character))
  const encoding = gsm7 ? 'gsm7' : 'ucs2'
  // A character is never split between two parts (an escape and its septet, a surrogate pair), so parts are packed one by one.
  const sizes = characters.map(character => gsm7 ? (gsm7Extension.has(character) ? 2 : 1) : character.length)
  const units = sizes.reduce((sum, size) => sum + size, 0)
  return { encoding, units, segments: partsFor(sizes, units, limits[encoding]) }
}

function partsFor(sizes: number[], units: number, limit: { single: number, part: number }): number {
  if (units === 0) return 0
  if (units <= limit.single) return 1
  let parts = 1
  let used = 0
  for (const size of sizes) {
    if (used + size > limit.part) {
      parts += 1
      used = 0
    }
    used += size
  }
  return parts
}
