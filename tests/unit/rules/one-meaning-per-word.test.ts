import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * One meaning per word (docs/architecture.md, "Words"): "activity" is the audit log
 * (server/domain/activity, Settings → Activity); the school's rowing, choir and chess clubs are
 * "clubs". The contract keeps two of the clubs' older names, which these checks allow: the
 * audience word `activity:<name>` and the stored `activity_members` rows with their
 * `activity_member.*` events.
 */
const root = resolve(import.meta.dirname, '../../..')
const folders = ['server', 'shared', 'db/schema', 'components', 'composables', 'pages', 'layouts', 'middleware', 'cli', 'scripts', 'docs']

function filesUnder(path: string): string[] {
  if (!existsSync(join(root, path))) return []
  if (statSync(join(root, path)).isFile()) return [path]
  return readdirSync(join(root, path), { recursive: true, encoding: 'utf8' })
    .filter(name => /\.(ts|mts|vue|md)$/.test(name))
    .map(name => join(path, name))
}

function linesMatching(files: string[], pattern: RegExp) {
  return files.flatMap(file => readFileSync(join(root, file), 'utf8').split('\n')
    .flatMap((line, i) => pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : []))
}

describe('one meaning per word', () => {
  it('never calls the clubs activities, activity groups or activity members', () => {
    // `activity_member` (with its underscore) is the stored table's and the events' name, so allowed.
    const clash = /activit(?:y|ies)[ -]?(?:group|member|club)|\bactivities\b/i
    const files = folders.flatMap(filesUnder)
    expect(files.length).toBeGreaterThan(500)
    expect(linesMatching(files, clash)).toEqual([])
  })

  it('says "activity" in the clubs\' files only as the contract\'s audience word and stored names', () => {
    const clubFiles =
      ['server/domain/clubs', 'server/api/app/clubs', 'shared/schemas/clubs.ts', 'composables/useClubs.ts', 'components/clubs'].flatMap(filesUnder)
    expect(clubFiles.length).toBeGreaterThan(8)
    const other = clubFiles.flatMap(file => readFileSync(join(root, file), 'utf8').split('\n').flatMap((line, i) =>
      line.replace(/activity:|activity_members?\b|text\('activity'\)/g, '').match(/activit/i) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
    expect(other).toEqual([])
  })

  it('keeps clubs out of the audit log\'s files', () => {
    const auditFiles = [
      'server/domain/activity', 'server/api/app/activity', 'db/schema/activity.ts', 'composables/useActivity.ts', 'components/activity',
      'pages/staff/settings/activity.vue'
    ].flatMap(filesUnder)
    expect(auditFiles.length).toBeGreaterThan(6)
    expect(linesMatching(auditFiles, /\b[Cc]lubs?\b|\bactivity:[a-z<]/)).toEqual([])
  })
})
