import { sql, type Column, type SQL } from 'drizzle-orm'

/**
 * Turns the `limit + 1` rows a keyset query fetched into one page and the position to continue
 * after: the extra row only says whether there is a next page.
 */
export function keysetSlice<Row, Item, Position>(rows: Row[], limit: number, view: (row: Row) => Item, positionOf: (row: Row) => Position) {
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return { items: page.map(row => view(row)), next: more && last ? positionOf(last) : null }
}

/**
 * The keyset's condition for the rows after `position` in an order by `key`, then `id` to break ties,
 * ascending or descending: none on a first page. Every paged list continues this way.
 *
 * A row comparison, `(key, id) > (…)`: both databases start an index range on `(…, key, id)` at the
 * position. Written as `key > … or (key = … and id > …)`, SQLite read such an index from its first
 * entry on every page, so a deep page of a large school cost a walk of everything before it.
 */
export function afterPosition(key: Column, id: Column, position: readonly [unknown, unknown] | undefined, direction: 'asc' | 'desc' = 'asc'): SQL | undefined {
  if (!position) return undefined
  const past = direction === 'asc' ? sql.raw('>') : sql.raw('<')
  return sql`(${key}, ${id}) ${past} (${sql.param(position[0], key)}, ${sql.param(position[1], id)})`
}
