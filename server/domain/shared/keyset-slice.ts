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
