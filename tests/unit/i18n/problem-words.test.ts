import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import english from '../../../i18n/problems/en.json'
import staffEnglish from '../../../i18n/problems/staff/en.json'
import {
  knownSentence, loadProblemWords, problemWordsOf, sentencePattern, setPageTranslator, wordFieldProblem, wordSentence, wordServerText, type Translate
} from '../../../i18n/problem-words'
import { loadStaffProblemWords } from '../../../i18n/staff-messages'
import { errorCodes } from '../../../shared/error-catalogue'

/** Every source file of the server and the shared schemas, whose sentences the screens word again. */
function sourceFiles(): string[] {
  const files: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (path.endsWith('.ts')) files.push(path)
    }
  }
  walk('server')
  walk('shared')
  return files
}

/** Their text as one, for the portal's sentences, whose values are always a `${…}`. */
function sourceTexts(): string {
  return sourceFiles().map(path => readFileSync(path, 'utf8')).join('\n')
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A string or template of the source, as the sentences it can write, and its words (to find it by). */
interface SourceTemplate { pattern: RegExp, words: string[] }

/**
 * A string or template as a pattern: each `${…}` stands for any text (a value, or words chosen there), but a choice
 * between strings (`${n === 1 ? 'record' : 'records'}`) for one of them.
 */
function templateOf(node: ts.Expression): { source: string, words: string[] } {
  if (ts.isParenthesizedExpression(node)) return templateOf(node.expression)
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { source: escapeForPattern(node.text), words: [node.text] }
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [templateOf(node.whenTrue), templateOf(node.whenFalse)]
    return { source: `(?:${yes.source}|${no.source})`, words: [...yes.words, ...no.words] }
  }
  if (ts.isTemplateExpression(node)) {
    const spans = node.templateSpans.map(span => [templateOf(span.expression), span.literal.text] as const)
    return {
      source: escapeForPattern(node.head.text) + spans.map(([value, text]) => value.source + escapeForPattern(text)).join(''),
      words: [node.head.text, ...spans.flatMap(([value, text]) => [...value.words, text])]
    }
  }
  return { source: '([\\s\\S]*?)', words: [] }
}

/**
 * Every string and template the server and the shared schemas write, read with TypeScript's parser (a template inside
 * another's `${…}` is one of its own too), but for those with no words of their own (`${a}: ${b}`), which would stand
 * for anything.
 */
function sourceTemplates(): { templates: SourceTemplate[], written: Set<string> } {
  const templates: SourceTemplate[] = []
  const written: string[] = []
  for (const path of sourceFiles()) {
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const { source, words } = templateOf(node)
        written.push(...words)
        const ownWords = words.filter(text => /[A-Za-z]{2}/.test(text) && text.trim().length >= 3)
        if (ownWords.length) templates.push({ pattern: new RegExp(`^${source}$`), words: ownWords })
      }
      ts.forEachChild(node, visit)
    }
    visit(ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest))
  }
  return { templates, written: new Set(written.map(text => text.trim())) }
}

/** What fills a placeholder: a character (invisible separator) no source writes. */
const unsaid = '\u2063'

/**
 * Whether the source can still write `sentence`: the sentence, each `{placeholder}` filled with text no source writes,
 * is one template's words, or several's one after another (a list's reasons joined to a closing clause), with every
 * value where a template has a `${…}`. A staff sentence may write out words a template leaves to a `${…}` (the step
 * in "Only an administrator may ${what}"), so that each can be worded whole: those words, or each item of a list of
 * them, must be written in the source too, whole ('remove an administrator').
 */
function saidBySource(sentence: string, { templates, written }: ReturnType<typeof sourceTemplates>): boolean {
  const filled = sentence.replace(/\{\w+\}/g, unsaid)
  const isWritten = (words: string) => !/[A-Za-z]{2}/.test(words) || written.has(words.trim())
  const inSource = (value: string) => value.split(unsaid).every(part => isWritten(part) || part.split(/, | or /).every(isWritten))
  const candidates = templates.filter(template => template.words.some(text => filled.includes(text)))
  const reached = new Set([0])
  for (let start = 0; start < filled.length; start++) {
    if (!reached.has(start)) continue
    for (const { pattern } of candidates) {
      for (let end = filled.length; end > start; end--) {
        const found = reached.has(end) ? null : pattern.exec(filled.slice(start, end))
        if (found?.slice(1).every(value => value === undefined || inSource(value))) reached.add(end)
      }
    }
  }
  return reached.has(filled.length)
}

/** The staff screens' sentences (i18n/problems/staff/en.json) by their keys under `problem.staffSentence`. */
const staffSentences = Object.entries(staffEnglish.problem.staffSentence as Record<string, Record<string, string>>)
  .flatMap(([area, sentences]) => Object.entries(sentences).map(([key, message]) => [`${area}.${key}`, message] as const))

describe('the server\'s words on a screen in another language', () => {
  let spanishT: Translate
  beforeAll(async () => {
    expect(problemWordsOf('es')).toBeNull()
    await loadProblemWords('es')
    spanishT = problemWordsOf('es')!
  })

  it('lists a line for every error code, and no other', () => {
    expect(Object.keys(english.problem.code).sort()).toEqual([...errorCodes].sort())
  })

  it('lists only sentences the server or the shared schemas still say, so a reworded refusal is caught here', () => {
    const source = sourceTexts()
    // A sentence is written in the source as a string ('…'), escaped quotes and all, or a template (`…${value}…`).
    const written = source.replace(/\\'/g, '\'')
    const missing = Object.entries(english.problem.sentence as Record<string, string>).filter(([, message]) => {
      const { pattern } = sentencePattern(message)
      const inSource = new RegExp(pattern.source.slice(1, -1).replace(/\(\.\+\?\)/g, '\\$\\{[^}]+\\}'))
      return !inSource.test(written)
    }).map(([key]) => key)
    expect(missing).toEqual([])
  })

  it('words a detail that is the interface\'s token (a full tour\'s `tour-full`) in every language, English too', async () => {
    const source = sourceTexts()
    expect(Object.keys(english.problem.detailWord).filter(token => !source.includes(`'${token}'`))).toEqual([])
    expect(wordSentence('tour-full', 'conflict', spanishT)).toBe('Esta visita está completa: elija otra.')
    await loadProblemWords('ar')
    expect(wordSentence('tour-full', 'conflict', problemWordsOf('ar')!)).toBe('هذه الجولة مكتملة: اختر جولة أخرى.')
    expect(wordSentence('tour-full', 'conflict', problemWordsOf('en')!)).toBe('This tour is full: choose another one.')
  })

  it('writes a listed sentence again with the values the server put in', () => {
    expect(knownSentence('At most 30 requests a minute; try again in 12 seconds.'))
      .toEqual({ key: 'problem.sentence.tooManyRequests', values: { limit: '30', seconds: '12' } })
    expect(wordSentence('At most 30 requests a minute; try again in 12 seconds.', 'rate_limited', spanishT))
      .toBe('Como máximo 30 solicitudes por minuto; inténtelo de nuevo dentro de 12 segundos.')
    expect(wordFieldProblem('At most 100 characters.', spanishT)).toBe('Como máximo 100 caracteres.')
  })

  it('says the code\'s line, then the server\'s words said to be English, for a sentence it does not list', () => {
    expect(wordSentence('The moon is made of cheese.', 'conflict', spanishT))
      .toBe('Esto choca con algo que ya consta en el registro. En inglés: The moon is made of cheese.')
    expect(wordSentence('Odd.', 'no_such_code', spanishT)).toBe('Algo ha fallado por nuestra parte; inténtelo de nuevo. En inglés: Odd.')
    expect(wordFieldProblem('Too small: expected string to have >=2 characters', spanishT))
      .toBe('En inglés: Too small: expected string to have >=2 characters')
  })

  it('fills a value that holds braces as it is, and leaves English for a language with no file', async () => {
    expect(wordSentence('You have no passkey with the id {x}.', 'not_found', spanishT)).toBe('No tiene ninguna llave de acceso con el id {x}.')
    await loadProblemWords('xx')
    expect(problemWordsOf('xx')).toBeNull()
  })

  it('matches a whole sentence only, and takes no pattern from a value', () => {
    expect(knownSentence('Required. And more.')).toBeNull()
    expect(knownSentence('You have no passkey with the id (.+?).')).toEqual({ key: 'problem.sentence.noSuchPasskey', values: { id: '(.+?)' } })
  })
})

describe('the staff screens\' refusals (i18n/problems/staff)', () => {
  let spanishT: Translate
  beforeAll(async () => {
    await loadProblemWords('es')
    spanishT = problemWordsOf('es')!
  })

  it('lists only sentences the server or the shared schemas can still say, so a reworded refusal is caught here', () => {
    const source = sourceTemplates()
    expect(staffSentences.filter(([, message]) => !saidBySource(message, source)).map(([key]) => key)).toEqual([])
    // The check itself: a sentence no source says, and words a template leaves to a `${…}`, written there or not.
    expect(saidBySource('The moon is made of {cheese}.', source)).toBe(false)
    expect(saidBySource('Only an administrator may remove an administrator: your role is not admin.', source)).toBe(true)
    expect(saidBySource('Only an administrator may remove an admin: your role is not admin.', source)).toBe(false)
  })

  it('lists none of the portal\'s sentences again', () => {
    const portal = new Set(Object.values(english.problem.sentence))
    expect(staffSentences.filter(([, message]) => portal.has(message))).toEqual([])
  })

  it('matches a staff sentence only once the staff screens\' words are loaded, and words it in Spanish then', async () => {
    const sentence = 'The tour has 12 places booked, more than a capacity of 10.'
    expect(knownSentence(sentence)).toBeNull()
    expect(wordSentence(sentence, 'unprocessable', spanishT)).toBe(`No se pudo hacer. En inglés: ${sentence}`)
    await loadStaffProblemWords('en')
    expect(knownSentence(sentence)).toEqual({ key: 'problem.staffSentence.tours.overCapacity', values: { booked: '12', capacity: '10' } })
    // English's patterns alone, with no Spanish words yet: the sentence stays English, said to be so, never a key.
    expect(wordSentence(sentence, 'unprocessable', spanishT)).toBe(`No se pudo hacer. En inglés: ${sentence}`)
    await loadStaffProblemWords('es')
    expect(wordSentence(sentence, 'unprocessable', spanishT)).toBe('La visita tiene 12 plazas reservadas, más que una capacidad de 10.')
    expect(wordFieldProblem('A schedule needs a name.', spanishT)).toBe('Un plan de cuotas necesita un nombre.')
  })

  describe('once loaded', () => {
    beforeAll(() => Promise.all([loadStaffProblemWords('en'), loadStaffProblemWords('es')]))

    it.each([
      ['a code the server put in, in the reader\'s words', 'The application is already offered.', 'La solicitud ya está ofrecida.'],
      ['a code with no word, as the server wrote it', 'The application is already lost.', 'La solicitud ya está lost.'],
      ['the sentence that writes out more of itself before a general one', 'The school does not list the relationship "Tía". It lists: Mother, Father.',
        'La escuela no tiene el parentesco «Tía» en su lista. Su lista: Mother, Father.'],
      ['a field\'s problem on the problem line, its path kept', 'lines[0].yearLevels[1]: "Year 13" is not one of the school\'s year levels.',
        'lines[0].yearLevels[1]: «Year 13» no es uno de los cursos de la escuela.'],
      ['a portal sentence as before', 'No person with this id.', 'No hay ninguna persona con este id.'],
      ['a standing\'s reason, the longer form first', 'parental responsibility since 2025-01-28 until 2026-12-31',
        'responsabilidad parental desde el 2025-01-28 hasta el 2026-12-31'],
      ['codes the server joined with "and", each worded and joined in the reader\'s words', 'court order 2026-02-01 limits details and billing with no end',
        'la orden judicial del 2026-02-01 limita datos y facturación sin fecha de fin']
    ])('writes %s', (_what, sentence, worded) => {
      expect(wordSentence(sentence, 'unprocessable', spanishT)).toBe(worded)
    })

    it('words what a screen shows as data (a standing\'s reasons) where listed, and marks any other English', () => {
      setPageTranslator(() => spanishT)
      try {
        expect(wordServerText('no parental responsibility on file')).toEqual({ text: 'no consta responsabilidad parental' })
        expect(wordServerText('a reason added after the words')).toEqual({ text: 'a reason added after the words', lang: 'en' })
      } finally {
        setPageTranslator(() => null)
      }
    })
  })
})
