import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import english from '../../../i18n/problems/en.json'
import { knownSentence, loadProblemWords, problemWordsOf, sentencePattern, wordFieldProblem, wordSentence, type Translate } from '../../../i18n/problem-words'
import { errorCodes } from '../../../shared/error-catalogue'

/** Every source file of the server and the shared schemas, whose sentences the screens word again. */
function sourceTexts(): string {
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
  return files.map(path => readFileSync(path, 'utf8')).join('\n')
}

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
