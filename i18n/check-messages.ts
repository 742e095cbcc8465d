import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { defaultLanguage, shippedLanguages, staffLanguageCodes } from '../shared/languages'

/**
 * What every message file must be (docs/translating.md), checked when the app is built (modules/locale-check.ts) and
 * by tests/unit/i18n/locales.test.ts: exactly English's keys, each a string keeping English's placeholders, with no
 * markup, no script address and no linked message. Messages are shown as text, never as HTML, and a translation comes
 * from outside the team: these keep a mistaken or hostile one from reaching a page.
 */
export type Messages = { [key: string]: string | Messages }

const placeholder = /\{\s*([\w.]+)\s*\}/g
const keySegment = /^[A-Za-z][\w-]*$/

/** Every key of a message tree, dotted, with its message (or what stands where a message should). */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]]
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
}

const placeholdersOf = (message: string) => [...new Set([...message.matchAll(placeholder)].map(match => match[1]))].sort().join(',')

/** The problems of one language's messages beside English's, each naming the language and the key; none: fit to ship. */
export function messageProblems(code: string, messages: unknown, english: unknown): string[] {
  const problems: string[] = []
  const own = new Map(leaves(messages))
  const model = new Map(leaves(english))
  for (const [key, message] of own) {
    if (key.split('.').some(segment => !keySegment.test(segment))) problems.push(`${code}: the key "${key}" is not letters, digits, - and _`)
    if (typeof message !== 'string') {
      problems.push(`${code}: ${key} is not a message (text)`)
      continue
    }
    if (message.includes('<')) problems.push(`${code}: ${key} has markup (<)`)
    if (/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(message)) problems.push(`${code}: ${key} has a script address (javascript:)`)
    if (/@[.:]/.test(message)) problems.push(`${code}: ${key} links another message (@:), which a translation may not`)
    const modelMessage = model.get(key)
    if (modelMessage === undefined) problems.push(`${code}: ${key} is not a key of English's`)
    else if (typeof modelMessage === 'string' && placeholdersOf(message) !== placeholdersOf(modelMessage)) {
      problems.push(`${code}: ${key} has placeholders {${placeholdersOf(message)}}, English's {${placeholdersOf(modelMessage)}}`)
    }
  }
  for (const key of model.keys()) if (!own.has(key)) problems.push(`${code}: ${key} is missing`)
  return problems
}

/** What a folder of message files holds beyond the rules of every message. */
export interface FolderRules {
  /** The languages with a file there, each and no other; every shipped one unless said. */
  codes?: readonly string[]
  /** The one top-level key all its messages live under (the staff files' `staff`). */
  namespace?: string
  /** Top-level keys it may not have: another folder's namespace, which merging the two would overwrite. */
  reserved?: readonly string[]
}

/**
 * The problems of a folder of message files (i18n/locales, i18n/staff, i18n/mail): one file per language of `codes` and none else,
 * each fit beside English's and holding to the folder's namespace.
 */
export function localeFolderProblems(folder: string, rules: FolderRules = {}): string[] {
  const files = readdirSync(folder).filter(file => file.endsWith('.json'))
  const codes = new Set(rules.codes ?? shippedLanguages.map(language => language.code as string))
  const problems = [
    ...[...codes].filter(code => !files.includes(`${code}.json`)).map(code => `${code}: shipped (shared/languages.ts) but has no ${code}.json`),
    ...files.filter(file => !codes.has(file.slice(0, -'.json'.length))).map(file => `${file}: no language of this folder (add its line to shared/languages.ts)`)
  ]
  const read = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(join(folder, file), 'utf8'))
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`)
      return {}
    }
  }
  const namespaceProblems = (code: string, messages: unknown) => Object.keys(messages ?? {}).flatMap(key =>
    (rules.namespace !== undefined && key !== rules.namespace) || rules.reserved?.includes(key)
      ? [`${code}: the top-level key "${key}" is not this folder's (${rules.namespace ?? `not ${rules.reserved?.join(', ')}`})`]
      : [])
  const english = read(`${defaultLanguage}.json`)
  for (const file of files) {
    const code = file.slice(0, -'.json'.length)
    if (code !== defaultLanguage && codes.has(code)) problems.push(...messageProblems(code, read(file), english))
  }
  // English is the model, but holds to the same rules of content.
  problems.push(...messageProblems(defaultLanguage, english, english), ...namespaceProblems(defaultLanguage, english))
  return problems
}

/**
 * The message folders of an app (under `rootDir`): i18n/locales, every shipped language's sign-in and portal words,
 * i18n/staff, the staff screens' words under `staff.` for the languages whose staff screens are translated, and
 * i18n/mail, every shipped language's mail; i18n/problems, the server's refusals as the screens word them again, and
 * i18n/problems/staff, the staff screens' own refusals in the staff screens' languages.
 */
export function messageFilesProblems(rootDir: string): string[] {
  return [
    ...localeFolderProblems(join(rootDir, 'i18n/locales'), { reserved: ['staff', 'problem'] }).map(problem => `i18n/locales: ${problem}`),
    ...localeFolderProblems(join(rootDir, 'i18n/staff'), { codes: staffLanguageCodes, namespace: 'staff' }).map(problem => `i18n/staff: ${problem}`),
    // The mail's words (docs/translating.md, "Mail"): the server's alone, every shipped language.
    ...localeFolderProblems(join(rootDir, 'i18n/mail')).map(problem => `i18n/mail: ${problem}`),
    // The server's refusals written again on a screen (i18n/problem-words.ts), every shipped language.
    ...localeFolderProblems(join(rootDir, 'i18n/problems'), { namespace: 'problem' }).map(problem => `i18n/problems: ${problem}`),
    // And the staff screens' own refusals, for the languages whose staff screens are translated.
    ...localeFolderProblems(join(rootDir, 'i18n/problems/staff'), { codes: staffLanguageCodes, namespace: 'problem' })
      .map(problem => `i18n/problems/staff: ${problem}`)
  ]
}
