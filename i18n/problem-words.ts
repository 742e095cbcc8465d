import english from './problems/en.json'
import { defaultLanguage } from '../shared/languages'

/**
 * The server's refusals in the reader's language (docs/translating.md, "The server's words"). The server answers in
 * English, as the interface promises integrators; a screen in another language words each sentence again: a sentence
 * English's file lists under `problem.sentence` (its `{placeholders}` standing for the values the server put in) is
 * written in the reader's language with those values, and any other is the line of its error code followed by the
 * server's words, said to be English. Nothing is lost, and nothing English is shown without saying so.
 *
 * The words are in i18n/problems/, one file per language like the screens' own, but read here rather than by vue-i18n:
 * English's file is the patterns the server's sentences are matched with, so it is always at hand, and the reader's is
 * fetched once, when a page in that language first opens (loadProblemWords). The staff screens' own refusals are in
 * i18n/problems/staff/, added by the staff middleware alone (addStaffProblemWords), so a family's phone never loads them.
 */
export type Translate = (key: string, named?: Record<string, unknown>) => string
type ProblemMessages = typeof english
/** A tree of messages, as the staff screens' problem files hold them. */
export interface ProblemTree { [key: string]: string | ProblemTree }

const loaders = import.meta.glob<{ default: ProblemMessages }>(['./problems/*.json', '!./problems/en.json'])
const loaded = new Map<string, ProblemMessages>([['en', english]])
const staffLoaded = new Map<string, ProblemTree>()

/** Fetches a language's words for the server's refusals, once; a language with no file is left to English. */
export async function loadProblemWords(code: string) {
  const loader = loaders[`./problems/${code}.json`]
  if (!loaded.has(code) && loader) loaded.set(code, (await loader()).default)
}

/** What a dotted key names in a tree of messages, own keys only; undefined where it names nothing. */
const branch = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => node !== null && typeof node === 'object' && Object.hasOwn(node, part)
    ? (node as Record<string, unknown>)[part]
    : undefined, tree)

/** Whether a language's words for the staff screens' refusals are here. */
export const hasStaffProblemWords = (code: string) => staffLoaded.has(code)

/**
 * Adds a language's words for the staff screens' refusals (i18n/problems/staff/<code>.json, under `problem.staffSentence`
 * and `problem.staffValue`), once: English's are the patterns, matched from then on with the portal's.
 */
export function addStaffProblemWords(code: string, messages: ProblemTree) {
  if (staffLoaded.has(code)) return
  staffLoaded.set(code, messages)
  if (code === defaultLanguage) matchers = matchersOf([english.problem.sentence, 'problem.sentence'], [staffSentencesOf(messages), 'problem.staffSentence'])
}

/**
 * A `t` over a loaded language's words (`problem.…` keys, `{name}` filled with the value; a key it has no words for is
 * answered with the key), or null before it is loaded.
 */
export function problemWordsOf(code: string): Translate | null {
  const messages = loaded.get(code)
  if (!messages) return null
  return (key, named = {}) => {
    const staff = staffLoaded.get(code)
    const message = branch(messages, key) ?? branch(staff, key)
    if (typeof message !== 'string') return key
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!Object.hasOwn(named, name)) return whole
      const value = String(named[name])
      // A code the server put in a sentence (an application's state, a module) in the reader's words, where the staff
      // file has a word for it; any other value as the server wrote it.
      const words = branch(staff, `problem.staffValue.${name}`) as Record<string, unknown> | undefined
      if (!words || typeof words !== 'object') return value
      if (Object.hasOwn(words, value)) return String(words[value])
      // Several codes the server joined with ' and ' (a court order's purposes), each worded, joined in the reader's words.
      const codes = value.split(' and ')
      const and = branch(staff, 'problem.staffListAnd')
      return codes.length > 1 && typeof and === 'string' && codes.every(each => Object.hasOwn(words, each))
        ? codes.map(each => String(words[each])).join(and)
        : value
    })
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

interface SentenceMatcher { key: string, written: number, pattern: RegExp, names: string[] }

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A message with `{name}` placeholders as a pattern that matches the server's sentence and captures each value. */
export function sentencePattern(message: string): { pattern: RegExp, names: string[] } {
  const parts = message.split(/\{(\w+)\}/)
  const names = parts.filter((_, index) => index % 2 === 1)
  const source = parts.map((part, index) => index % 2 === 1 ? '(.+?)' : escapeForPattern(part)).join('')
  return { pattern: new RegExp(`^${source}$`, 's'), names }
}

/** The staff screens' sentences by their keys under `problem.staffSentence` (a level of areas: `people.noPersonWithId`). */
function staffSentencesOf(messages: ProblemTree): Record<string, string> {
  const areas = branch(messages, 'problem.staffSentence') as Record<string, Record<string, string>> | undefined
  return Object.fromEntries(Object.entries(areas ?? {})
    .flatMap(([area, sentences]) => Object.entries(sentences).map(([key, message]) => [`${area}.${key}`, message])))
}

/**
 * Patterns for every listed sentence, the most written-out first: where two could match (the portal's "does not list
 * the {list}" and a staff screen's "does not list the relationship"), the one that says more of the sentence itself wins.
 */
function matchersOf(...lists: [Record<string, string>, string][]): SentenceMatcher[] {
  const written = (message: string) => message.replace(/\{\w+\}/g, '').length
  return lists.flatMap(([sentences, prefix]) => Object.entries(sentences)
    .map(([key, message]) => ({ key: `${prefix}.${key}`, written: written(message), ...sentencePattern(message) })))
    .sort((a, b) => b.written - a.written)
}

let matchers: SentenceMatcher[] = matchersOf([english.problem.sentence, 'problem.sentence'])

/** The key and values of a server sentence English's file lists, or null. */
export function knownSentence(sentence: string): { key: string, values: Record<string, string> } | null {
  for (const { key, pattern, names } of matchers) {
    const found = pattern.exec(sentence.trim())
    if (found) return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) }
  }
  return null
}

/**
 * A listed sentence in the reader's words, or null: not listed, or listed with no words in their language (a staff
 * screen's sentence on a page whose language has no staff words, which `translate` answers with the key itself).
 */
export function wordListed(sentence: string, translate: Translate): string | null {
  const known = knownSentence(sentence)
  return known ? wordsOrNull(translate, known.key, known.values) : null
}

/** A key's words, or null where the reader's language has none (`translate` answers such a key with the key itself). */
function wordsOrNull(translate: Translate, key: string, values?: Record<string, string>): string | null {
  const worded = translate(key, values)
  return worded === key ? null : worded
}

/**
 * A detail that is the interface's token rather than a sentence (a full tour's `tour-full`, which integrators branch
 * on): its words under `problem.detailWord`, in English too, or null.
 */
function wordToken(detail: string, translate: Translate): string | null {
  const token = detail.trim()
  return Object.hasOwn(english.problem.detailWord, token) ? wordsOrNull(translate, `problem.detailWord.${token}`) : null
}

/**
 * Words a screen shows as the server wrote them rather than as a refusal (a standing's reasons), in the reader's words
 * where listed; any other as written, marked English (`lang`) for a screen reader (WCAG 3.1.2).
 */
export function wordServerText(text: string): { text: string, lang?: 'en' } {
  const translate = pageTranslator()
  const worded = translate ? wordListed(text, translate) : null
  return worded === null ? { text, lang: 'en' } : { text: worded }
}

/** One of the server's sentences in the reader's words; `code` (the envelope's) words one that is not listed. */
export function wordSentence(sentence: string, code: string, translate: Translate): string {
  const worded = wordToken(sentence, translate) ?? wordListed(sentence, translate)
  if (worded !== null) return worded
  // A field's problem said on the problem line (`validation_failed`'s detail: `lines[0].name: Required.`) keeps its path.
  const [, path, problem] = /^(\S+): (.+)$/s.exec(sentence.trim()) ?? []
  const wordedProblem = problem ? wordListed(problem, translate) : null
  if (wordedProblem !== null) return `${path}: ${wordedProblem}`
  return translate('problem.inEnglish', { line: codeLine(code, translate), words: sentence })
}

/** The line of an error code in the reader's words; an unknown code's is `internal`'s. */
export function codeLine(code: string, translate: Translate): string {
  return translate(Object.hasOwn(english.problem.code, code) ? `problem.code.${code}` : 'problem.code.internal')
}

/** A field's problem in the reader's words: listed, or the server's own said to be English (the field says where). */
export function wordFieldProblem(message: string, translate: Translate): string {
  return wordListed(message, translate) ?? translate('problem.fieldInEnglish', { words: message })
}
