import english from './problems/en.json'

/**
 * The server's refusals in the reader's language (docs/translating.md, "The server's words"). The server answers in
 * English, as the interface promises integrators; a screen in another language words each sentence again: a sentence
 * English's file lists under `problem.sentence` (its `{placeholders}` standing for the values the server put in) is
 * written in the reader's language with those values, and any other is the line of its error code followed by the
 * server's words, said to be English. Nothing is lost, and nothing English is shown without saying so.
 *
 * The words are in i18n/problems/, one file per language like the screens' own, but read here rather than by vue-i18n:
 * English's file is the patterns the server's sentences are matched with, so it is always at hand, and the reader's is
 * fetched once, when a page in that language first opens (loadProblemWords).
 */
export type Translate = (key: string, named?: Record<string, unknown>) => string
type ProblemMessages = typeof english

const loaders = import.meta.glob<{ default: ProblemMessages }>(['./problems/*.json', '!./problems/en.json'])
const loaded = new Map<string, ProblemMessages>([['en', english]])

/** Fetches a language's words for the server's refusals, once; a language with no file is left to English. */
export async function loadProblemWords(code: string) {
  const loader = loaders[`./problems/${code}.json`]
  if (!loaded.has(code) && loader) loaded.set(code, (await loader()).default)
}

/** A `t` over a loaded language's words (`problem.…` keys, `{name}` filled with the value), or null before it is loaded. */
export function problemWordsOf(code: string): Translate | null {
  const messages = loaded.get(code)
  if (!messages) return null
  return (key, named = {}) => {
    const message = key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], messages)
    if (typeof message !== 'string') return key
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => Object.hasOwn(named, name) ? String(named[name]) : whole)
  }
}

/**
 * How the page shown words the server's refusals: set by the app's plugin (plugins/reader-words.ts) to a function that
 * finds the page's language for the request or the browser at hand; outside the app (a unit test) there is none, and
 * the server's words are shown as they are.
 */
let pageTranslatorOf: () => Translate | null = () => null
export function setPageTranslator(find: () => Translate | null) {
  pageTranslatorOf = find
}
export const pageTranslator = () => pageTranslatorOf()

interface SentenceMatcher { key: string, pattern: RegExp, names: string[] }

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A message with `{name}` placeholders as a pattern that matches the server's sentence and captures each value. */
export function sentencePattern(message: string): { pattern: RegExp, names: string[] } {
  const parts = message.split(/\{(\w+)\}/)
  const names = parts.filter((_, index) => index % 2 === 1)
  const source = parts.map((part, index) => index % 2 === 1 ? '(.+?)' : escapeForPattern(part)).join('')
  return { pattern: new RegExp(`^${source}$`, 's'), names }
}

const matchers: SentenceMatcher[] = Object.entries(english.problem.sentence as Record<string, string>)
  .map(([key, message]) => ({ key: `problem.sentence.${key}`, ...sentencePattern(message) }))

/** The key and values of a server sentence English's file lists, or null. */
export function knownSentence(sentence: string): { key: string, values: Record<string, string> } | null {
  for (const { key, pattern, names } of matchers) {
    const found = pattern.exec(sentence.trim())
    if (found) return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) }
  }
  return null
}

/** One of the server's sentences in the reader's words; `code` (the envelope's) words one that is not listed. */
export function wordSentence(sentence: string, code: string, translate: Translate): string {
  const known = knownSentence(sentence)
  if (known) return translate(known.key, known.values)
  return translate('problem.inEnglish', { line: codeLine(code, translate), words: sentence })
}

/** The line of an error code in the reader's words; an unknown code's is `internal`'s. */
export function codeLine(code: string, translate: Translate): string {
  return translate(Object.hasOwn(english.problem.code, code) ? `problem.code.${code}` : 'problem.code.internal')
}

/** A field's problem in the reader's words: listed, or the server's own said to be English (the field says where). */
export function wordFieldProblem(message: string, translate: Translate): string {
  const known = knownSentence(message)
  return known ? translate(known.key, known.values) : translate('problem.fieldInEnglish', { words: message })
}
