import { and, eq, gt, lt, or, type Column, type SQL } from 'drizzle-orm'

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
 */
export function afterPosition(key: Column, id: Column, position: readonly [unknown, unknown] | undefined, direction: 'asc' | 'desc' = 'asc'): SQL | undefined {
  if (!position) return undefined
  const past = direction === 'asc' ? gt : lt
  return or(past(key, position[0]), and(eq(key, position[0]), past(id, position[1])))
}
