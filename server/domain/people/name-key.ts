import { compareText } from '../shared/compare-text'

/**
 * The key people are ordered by: family name, then given names, folded so case and accents do not
 * count. Compared byte for byte (SQLite BINARY, PostgreSQL COLLATE "C"), it sorts the same on both.
 * U+0001 separates the parts because it sorts below every character a name can hold.
 */
export function nameSortKey(familyName: string, givenNames: string): string {
  return `${foldName(familyName)}\u0001${foldName(givenNames)}`
}

/**
 * Orders people by name key, code unit by code unit as the directory's index does (so "Smith, Zoe"
 * comes before "Smithe, Adam" everywhere), then by id. `localeCompare` would ignore the U+0001 and disagree.
 */
export function compareByName(a: { nameKey: string, id: string }, b: { nameKey: string, id: string }): number {
  return compareText(a.nameKey, b.nameKey) || compareText(a.id, b.id)
}

/** A name key turned given names first, for lists where the family name is mostly shared (a family's children). */
export function givenFirstKey(nameKey: string): string {
  const [family = '', given = ''] = nameKey.split('\u0001')
  return `${given}\u0001${family}`
}

export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * Apostrophes a name may hold, left out of search keys so `oconnor` finds `O'Connor`. The SQL of
 * `nameSearchKeyColumns` (db/schema/people.ts) removes the same ones.
 */
export const searchIgnoredCharacters = ['\'', '\u2019'] as const

const ignoredPattern = new RegExp(`[${searchIgnoredCharacters.join('')}]`, 'g')

/** A person's two search keys from their name key: family name first, and given names first. */
export function nameSearchKeys(nameKey: string): [string, string] {
  return [nameKey.replace(ignoredPattern, ''), givenFirstKey(nameKey).replace(ignoredPattern, '')]
}

/** At most this many spaces of a search are tried as the break between family and given names. */
const triedBreaks = 4

/**
 * The prefixes a search as typed may start a search key with: the search folded like a name (case and
 * accents do not count, apostrophes are left out), whole (`van der berg`), and with each of its first
 * spaces read as the break between the two names (`zoe smith`, `smith zoe`); a comma is always that
 * break (`smith, zoe`). None when nothing searchable is left.
 */
export function nameSearchPrefixes(search: string): string[] {
  const folded = foldName(search.replace(ignoredPattern, ''))
  if (!folded) return []
  const comma = folded.indexOf(',')
  if (comma >= 0) {
    const family = folded.slice(0, comma).trim()
    const given = folded.slice(comma + 1).replace(/,/g, ' ').trim()
    return given ? [`${family}\u0001${given}`] : family ? [family] : []
  }
  const prefixes = [folded]
  let at = folded.indexOf(' ')
  for (let tried = 0; at >= 0 && tried < triedBreaks; tried++, at = folded.indexOf(' ', at + 1)) {
    prefixes.push(`${folded.slice(0, at)}\u0001${folded.slice(at + 1)}`)
  }
  return prefixes
}

/** The highest character: a key starts with a prefix exactly when it sorts from the prefix to the prefix and this. */
export const prefixEnd = '\u{10FFFF}'

/** Whether a person whose name key this is matches a search's prefixes (the rule the SQL applies, for lists already in memory). */
export function nameKeyMatches(nameKey: string, prefixes: readonly string[]): boolean {
  const keys = nameSearchKeys(nameKey)
  return prefixes.some(prefix => keys.some(key => key.startsWith(prefix)))
}
