import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { localeFolderProblems, messageFilesProblems, messageProblems } from '../../../i18n/check-messages'
import { languageCodes, staffLanguageCodes } from '../../../shared/languages'
import localeCheck from '../../../modules/locale-check'
import problemsEnglish from '../../../i18n/problems/en.json'
import staffProblemsEnglish from '../../../i18n/problems/staff/en.json'

const root = join(import.meta.dirname, '../../..')
const english = { sign: { in: 'Sign in as {email}' } }
let folder = ''
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  folder = ''
})

/** A folder of message files, each of `codes` with `model`'s messages but for `overrides`. */
function localeFolder(overrides: Record<string, unknown>, codes: readonly string[] = languageCodes, model: unknown = english) {
  folder = mkdtempSync(join(tmpdir(), 'rollbook-locales-'))
  for (const code of codes) writeFileSync(join(folder, `${code}.json`), JSON.stringify(overrides[code] ?? model))
  return folder
}

/**
 * An app root for the build's check (which reads <rootDir>/i18n/locales, staff, mail, problems and problems/staff):
 * `folder` made here as its `name`, and the app's own files for the others.
 */
function appRootWith(name: 'locales' | 'staff' | 'mail' | 'problems' | 'problems/staff', made: string): string {
  const rootDir = join(made, 'root')
  mkdirSync(join(rootDir, 'i18n/problems'), { recursive: true })
  for (const each of ['locales', 'staff', 'mail']) symlinkSync(each === name ? made : join(root, 'i18n', each), join(rootDir, 'i18n', each))
  // i18n/problems holds a folder of its own, the staff screens' refusals: its files are linked one by one, so either may be the one made.
  const problems = name === 'problems' ? made : join(root, 'i18n/problems')
  for (const file of readdirSync(problems).filter(file => file.endsWith('.json'))) symlinkSync(join(problems, file), join(rootDir, 'i18n/problems', file))
  symlinkSync(name === 'problems/staff' ? made : join(root, 'i18n/problems/staff'), join(rootDir, 'i18n/problems/staff'))
  return rootDir
}

describe('the message files (i18n/locales, i18n/staff, i18n/mail, i18n/problems)', () => {
  it('ship every language with exactly English\'s keys, placeholders kept, no markup, script address or linked message', () => {
    expect(localeFolderProblems(join(root, 'i18n/locales'))).toEqual([])
  })

  it('ship the mail\'s words (i18n/mail) in every language by the same rules', () => {
    expect(localeFolderProblems(join(root, 'i18n/mail'))).toEqual([])
  })

  it('ship the server\'s refusals as the screens word them (i18n/problems) in every language, all under `problem.`', () => {
    expect(localeFolderProblems(join(root, 'i18n/problems'), { namespace: 'problem' })).toEqual([])
  })

  it('ship the staff screens\' own refusals (i18n/problems/staff) in each language whose staff screens are translated, all under `problem.`', () => {
    expect(localeFolderProblems(join(root, 'i18n/problems/staff'), { codes: staffLanguageCodes, namespace: 'problem' })).toEqual([])
  })

  it('and the staff screens\' files (i18n/staff) the same, for each language whose staff screens are translated, all under `staff.`', () => {
    expect(staffLanguageCodes).toEqual(['en', 'es'])
    expect(messageFilesProblems(root)).toEqual([])
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
      'es: shipped (shared/languages.ts) but has no es.json', 'fr.json: no language of this folder (add its line to shared/languages.ts)'
    ])
  })

  it('keeps the staff messages under `staff.`, in the staff languages\' files alone, and out of the portal\'s files', () => {
    const staffEnglish = { staff: { today: '{count} tours' } }
    const made = localeFolder({ es: { staff: { today: '{count} visitas' }, portal: { home: 'Inicio' } } }, [...staffLanguageCodes, 'ar'], staffEnglish)
    expect(localeFolderProblems(made, { codes: staffLanguageCodes, namespace: 'staff' })).toEqual([
      'ar.json: no language of this folder (add its line to shared/languages.ts)', 'es: portal.home is not a key of English\'s'
    ])
    writeFileSync(join(made, 'en.json'), JSON.stringify({ ...staffEnglish, today: 'Today' }))
    const staffRules = { codes: staffLanguageCodes, namespace: 'staff' }
    expect(localeFolderProblems(made, staffRules)).toContain('en: the top-level key "today" is not this folder\'s (staff)')
    const portalRules = { codes: staffLanguageCodes, reserved: ['staff'] }
    expect(localeFolderProblems(made, portalRules)).toContain('en: the top-level key "staff" is not this folder\'s (not staff)')
  })

  it('fails the build on a locale file with a key that has markup or a script in it', async () => {
    const made = localeFolder({ 'zh-Hans': { sign: { in: '<a href="javascript:alert(1)">{email}</a>' } } })
    const nuxt = { options: { rootDir: appRootWith('locales', made) } } as any
    await expect((localeCheck as any)({}, nuxt))
      .rejects.toThrow(/i18n\/locales: zh-Hans: sign\.in has markup[\s\S]*i18n\/locales: zh-Hans: sign\.in has a script address/)
  })

  it('fails the build on a mail file that lacks a key of English\'s', async () => {
    const made = localeFolder({ ar: { sign: {} } })
    const nuxt = { options: { rootDir: appRootWith('mail', made) } } as any
    await expect((localeCheck as any)({}, nuxt)).rejects.toThrow(/cannot ship:\n {2}i18n\/mail: ar: sign\.in is missing/)
  })

  it('fails the build on a problems file whose translation lost a placeholder', async () => {
    const lost = structuredClone(problemsEnglish)
    lost.problem.sentence.tooManyRequests = 'Demasiadas solicitudes.'
    const made = localeFolder({ es: lost }, languageCodes, problemsEnglish)
    const nuxt = { options: { rootDir: appRootWith('problems', made) } } as any
    await expect((localeCheck as any)({}, nuxt)).rejects.toThrow(/i18n\/problems: es: problem\.sentence\.tooManyRequests has placeholders/)
  })

  it('fails the build on a staff screens\' problems file that lacks a sentence of English\'s or changed a placeholder', async () => {
    const spanish = structuredClone(staffProblemsEnglish) as { problem: { staffSentence: Record<string, Record<string, string>> } }
    delete spanish.problem.staffSentence.people!.noPersonWithId
    spanish.problem.staffSentence.tours!.noTourWithId = 'No hay ninguna visita con el id {identificador}.'
    const made = localeFolder({ es: spanish }, staffLanguageCodes, staffProblemsEnglish)
    const nuxt = { options: { rootDir: appRootWith('problems/staff', made) } } as any
    await expect((localeCheck as any)({}, nuxt)).rejects.toThrow(new RegExp([
      'i18n/problems/staff: es: problem\\.staffSentence\\.tours\\.noTourWithId has placeholders \\{identificador\\}, English\'s \\{id\\}',
      '[\\s\\S]*i18n/problems/staff: es: problem\\.staffSentence\\.people\\.noPersonWithId is missing'
    ].join('')))
  })
})
