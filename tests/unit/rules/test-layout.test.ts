import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A newcomer finds the test for a rule (docs/architecture.md, "Tests"): a unit or Nuxt test sits at
 * its source's path (`shared/money.ts` is tested in `tests/unit/shared/money.test.ts`), a test of a
 * whole folder is named for the folder (`tests/unit/components/person.test.ts`), and a rule of the
 * whole house lives in `tests/unit/rules/`; integration tests live in the folder of their area.
 */
const root = resolve(import.meta.dirname, '../../..')
const isFolder = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()
const foldersIn = (folder: string) => isFolder(folder) ? readdirSync(join(root, folder)).filter(name => isFolder(join(folder, name))) : []
const filesUnder = (folder: string) => isFolder(folder)
  ? readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter(name => !isFolder(join(folder, name)))
      .map(name => join(folder, name).replaceAll('\\', '/'))
  : []

/** What a test file's path names once its folder and `.test.ts` are taken off: a source file (with its extension, or none, as the Dockerfile) or a folder. */
const sourceExtensions = ['.ts', '.mts', '.mjs', '.vue', '']
function mirrorsSource(testFile: string, testsFolder: string) {
  if (!testFile.endsWith('.test.ts')) return false
  const source = testFile.slice(testsFolder.length + 1, -'.test.ts'.length)
  return sourceExtensions.some(extension => existsSync(join(root, source + extension)))
}

describe('the tests\' layout', () => {
  it.each(['tests/unit', 'tests/nuxt'])('%s mirrors the source tree: each file is the test of the source file or folder at its path', (folder) => {
    const strays = filesUnder(folder).filter(file => !file.startsWith(`${folder}/rules/`) && !mirrorsSource(file, folder))
    expect(strays, 'no source at the mirrored path: move the test beside its source\'s path, or a rule of the whole house to tests/unit/rules/').toEqual([])
  })

  it('keeps in tests/unit/rules/ only tests, of rules that span the house', () => {
    expect(filesUnder('tests/unit/rules').filter(file => !file.endsWith('.test.ts'))).toEqual([])
  })

  it('files integration tests by area: each folder of tests/integration names a folder of the source', () => {
    // An area of the domain (server/domain/<area>, never `domain` itself), a part of the server (server/utils), or the database layer (db).
    const sourceFolders =
      new Set([...foldersIn('server/domain'), ...foldersIn('server').filter(name => name !== 'domain'), 'db', 'shared', 'cli', 'scripts', 'modules'])
    const strays = readdirSync(join(root, 'tests/integration')).filter(name => !isFolder(join('tests/integration', name)) || !sourceFolders.has(name))
    expect(strays, 'not a folder named for a source folder: move the file into its area\'s folder').toEqual([])
  })

  it('names in the docs only test files that exist', () => {
    const docs = [...filesUnder('docs').filter(file => file.endsWith('.md')), 'README.md']
    const named =
      docs.flatMap(doc => [...readFileSync(join(root, doc), 'utf8').matchAll(/\btests\/[\w./-]*\.test\.ts\b/g)].map(match => ({ doc, path: match[0] })))
    expect(named.length).toBeGreaterThan(20)
    expect(named.filter(({ path }) => !existsSync(join(root, path))).map(({ doc, path }) => `${doc}: ${path}`)).toEqual([])
  })
})
