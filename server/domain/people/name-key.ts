/**
 * The key people are ordered by: family name, then given names, folded so case and accents do not
 * count. Compared byte for byte (SQLite BINARY, PostgreSQL COLLATE "C"), it sorts the same on both.
 * U+0001 separates the parts because it sorts below every character a name can hold.
 */
export function nameSortKey(familyName: string, givenNames: string): string {
  return `${foldName(familyName)}\u0001${foldName(givenNames)}`
}

export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}
