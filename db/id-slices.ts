/** Ids a query names at once: well under SQLite's and PostgreSQL's limits on a statement's parameters. */
const idsPerQuery = 2000

/** `ids` in slices a statement can name. */
export function slicesOf<T>(ids: readonly T[], size = idsPerQuery): T[][] {
  const slices: T[][] = []
  for (let start = 0; start < ids.length; start += size) slices.push(ids.slice(start, start + size))
  return slices
}
