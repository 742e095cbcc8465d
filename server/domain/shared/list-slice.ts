/**
 * One page of a list held whole (a run's kept problems, a plan made in memory), in the shape
 * keysetSlice gives: `after` is the position where the previous page ended, the count of items before it.
 */
export function listSlice<Item>(items: readonly Item[], request: { limit: number, after?: [number] }) {
  const start = request.after?.[0] ?? 0
  const end = start + request.limit
  return { items: items.slice(start, end), next: end < items.length ? [end] as [number] : null }
}
