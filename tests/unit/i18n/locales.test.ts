import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { localeFolderProblems, messageProblems } from '../../../i18n/check-messages'
import { shippedLanguages } from '../../../shared/languages'
import localeCheck from '../../../modules/locale-check'

const root = join(import.meta.dirname, '../../..')
const english = { sign: { in: 'Sign in as {email}' } }
let folder = ''
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  folder = ''
})

/** A folder of message files, every shipped language with English's messages but for `overrides`. */
function localeFolder(overrides: Record<string, unknown>) {
  folder = mkdtempSync(join(tmpdir(), 'rollbook-locales-'))
  for (const { code } of shippedLanguages) writeFileSync(join(folder, `${code}.json`), JSON.stringify(overrides[code] ?? english))
  return folder
}

describe('the message files (i18n/locales)', () => {
  it('ship every language with exactly English\'s keys, placeholders kept, no markup, script address or linked message', () => {
    expect(localeFolderProblems(join(root, 'i18n/locales'))).toEqual([])
  })

  it('ship the mail\'s words (i18n/mail) in every language by the same rules', () => {
    expect(localeFolderProblems(join(root, 'i18n/mail'))).toEqual([])
  })

  it('names a missing key, a key English lacks and a lost placeholder', () => {
    expect(messageProblems('es', { sign: { out: 'Salir' } }, english)).toEqual(['es: sign.out is not a key of English\'s', 'es: sign.in is missing'])
    expect(messageProblems('es', { sign: { in: 'Entrar como {correo}' } }, english)).toEqual(['es: sign.in has placeholders {correo}, English\'s {email}'])
  })

  it.each([
    ['markup', '<img src=x onerror=alert(1)> {email}', 'has markup (<)'],
    ['a script address', 'Java Script: {email}', 'has a script address (javascript:)'],
    ['a linked message', '@:sign.in {email}', 'links another message (@:)'],
    ['no text', { deeper: 'x' }, 'is not']
  ])('refuses a message with %s', (_what, message, problem) => {
    expect(messageProblems('ar', { sign: { in: message } }, english).join('\n')).toContain(problem)
  })

  it('asks for one file per shipped language and none else', () => {
    const made = localeFolder({})
    writeFileSync(join(made, 'fr.json'), JSON.stringify(english))
    rmSync(join(made, 'es.json'))
    expect(localeFolderProblems(made)).toEqual([
      'es: shipped (shared/languages.ts) but has no es.json', 'fr.json: no shipped language (add its line to shared/languages.ts)'
    ])
  })

  it('fails the build on a locale file with a key that has markup or a script in it', async () => {
    const made = localeFolder({ 'zh-Hans': { sign: { in: '<a href="javascript:alert(1)">{email}</a>' } } })
    // The module reads <rootDir>/i18n/locales; a root whose i18n/locales is the folder made here.
    const rootDir = join(made, 'root')
    mkdirSync(join(rootDir, 'i18n'), { recursive: true })
    symlinkSync(made, join(rootDir, 'i18n/locales'))
    const nuxt = { options: { rootDir } } as any
    await expect((localeCheck as any)({}, nuxt)).rejects.toThrow(/zh-Hans: sign\.in has markup[\s\S]*zh-Hans: sign\.in has a script address/)
  })

  it('fails the build on a mail file that lacks a key of English\'s', async () => {
    const made = localeFolder({ ar: { sign: {} } })
    const rootDir = join(made, 'root')
    mkdirSync(join(rootDir, 'i18n'), { recursive: true })
    symlinkSync(join(root, 'i18n/locales'), join(rootDir, 'i18n/locales'))
    symlinkSync(made, join(rootDir, 'i18n/mail'))
    const nuxt = { options: { rootDir } } as any
    await expect((localeCheck as any)({}, nuxt)).rejects.toThrow(/under i18n\/mail cannot ship:\n {2}ar: sign\.in is missing/)
  })
})
