/**
 * The one rule for text a person sends (docs/security.md, section 8): what counts as a control
 * character, and which invisible or direction-changing characters a name, title or list value may
 * not hold. Every writer (API bodies and parameters, imports, syncs, the CLI, the staff screens)
 * asks here, so the rule is written once.
 */

/** C0 and C1 control characters and DEL: never part of any text Rollbook keeps. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/
/** The same in text of several lines (a note, a CSV file sent as a string), which may hold tab and line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacterInText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * Characters that show nothing, or change the direction of what follows, so a name could look like
 * another or reorder what is shown beside it: zero-width space, word joiner and other invisible
 * operators, byte order mark, soft hyphen, bidi marks, embeddings, overrides and isolates, the
 * line and paragraph separators, Mongolian vowel separator, Hangul fillers, interlinear annotation
 * marks, and the zero-width non-joiner and joiner (allowed only within a script that needs them).
 */
const invisibleCharacter = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/gu

/**
 * Scripts whose writing uses ZWNJ (U+200C) and ZWJ (U+200D): Persian and other Arabic-script
 * languages (ZWNJ keeps a word's parts apart, as in "می‌خواهم"), Syriac, N'Ko, Mongolian, the
 * Indic scripts (a joiner after a virama picks a half form or conjunct) and Sinhala, Tibetan,
 * Myanmar and Khmer. A joiner is allowed only between two characters of these scripts, as RFC 5892
 * allows it in domain names. Emoji ZWJ sequences are refused: no name needs one.
 */
const joiningScripts = [
  'Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam',
  'Sinhala', 'Tibetan', 'Myanmar', 'Khmer'
]
const joiningScript = new RegExp(`[${joiningScripts.map(script => `\\p{scx=${script}}`).join('')}]`, 'u')

/** Why a line of plain text is refused, with the contract's code for it; none when it may be kept. */
export interface TextRefusal {
  code: 'validation_failed' | 'bad_request'
  message: string
  /** Where in the text the first refused character is (UTF-16 index). */
  index: number
}

/** U+200B as `U+200B`, so a message names a character no one can see. */
function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** The first invisible or direction-changing character that is not a joiner between letters of a script that uses it. */
export function invisibleCharacterIn(text: string): { char: string, index: number } | undefined {
  for (const found of text.matchAll(invisibleCharacter)) {
    const char = found[0]
    if (char === '\u200c' || char === '\u200d') {
      const before = [...text.slice(0, found.index)].at(-1) ?? ''
      const after = [...text.slice(found.index + 1)][0] ?? ''
      if (joiningScript.test(before) && joiningScript.test(after)) continue
    }
    return { char, index: found.index }
  }
  return undefined
}

/** Whether the text holds a control character (`lines`: tab and line breaks are allowed). */
export function controlCharacterIn(text: string, lines = false): { char: string, index: number } | undefined {
  const found = (lines ? controlCharacterInText : controlCharacter).exec(text)
  return found ? { char: found[0], index: found.index } : undefined
}

/**
 * A name, title, list value, id or parameter: one line, no control character (`validation_failed`,
 * as the contract has long said) and no invisible or direction-changing character (`bad_request`:
 * the text is not what it looks like, and sending it again fails the same way). With `trimmed`, for
 * a writer that keeps the value trimmed, a tab or line break at either end is let through, since
 * trimming drops it; an invisible character is refused wherever it stands, as trimming would drop
 * some (U+FEFF, U+2028) unseen.
 */
export function plainLineRefusal(text: string, options: { trimmed?: boolean } = {}): TextRefusal | undefined {
  const start = options.trimmed ? text.length - text.trimStart().length : 0
  const control = controlCharacterIn(options.trimmed ? text.trim() : text)
  if (control) return { code: 'validation_failed', message: 'Contains a control character.', index: start + control.index }
  const invisible = invisibleCharacterIn(text)
  if (invisible) {
    return { code: 'bad_request', message: `Contains an invisible or direction-changing character (${codePoint(invisible.char)}).`, index: invisible.index }
  }
  return undefined
}

/**
 * What is wrong with free text of several lines (a note, a CSV file sent as a string) holding a
 * control character other than tab and line breaks, naming the line where the text has several
 * (or always, with `byLine`), so a sender finds it.
 */
export function multilineTextRefusal(text: string, byLine = false): TextRefusal | undefined {
  const control = controlCharacterIn(text, true)
  if (!control) return undefined
  const what = control.char === '\u0000' ? 'a NUL character' : 'a control character'
  const message = byLine || text.includes('\n') ? `Line ${text.slice(0, control.index).split('\n').length} holds ${what}.` : 'Contains a control character.'
  return { code: 'validation_failed', message, index: control.index }
}

const unseenCharacter = new RegExp(`${controlCharacter.source}|${invisibleCharacter.source}`, 'gu')

/** Control, invisible and direction-changing characters as `\uXXXX`, so a value written into a log line can forge nothing. */
export function escapeUnseenCharacters(value: string): string {
  return value.replace(unseenCharacter, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
