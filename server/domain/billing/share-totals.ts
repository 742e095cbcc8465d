import { wholeBasisPoints } from '../../../shared/basis-points'

export interface ShareRow {
  category: string
  share: number
  validTo: string | null
}

/**
 * The categories whose open rows (no `validTo`) do not total 10000, with what they do total. A
 * category with no open rows is not a problem: it is paid the way `all` is.
 */
export function shareTotalProblems(rows: readonly ShareRow[]): { category: string, total: number }[] {
  const totals = new Map<string, number>()
  for (const row of rows) {
    if (row.validTo === null) totals.set(row.category, (totals.get(row.category) ?? 0) + row.share)
  }
  return [...totals].filter(([, total]) => total !== wholeBasisPoints).map(([category, total]) => ({ category, total }))
    .sort((a, b) => a.category < b.category ? -1 : a.category > b.category ? 1 : 0)
}

/** The detail sentence of a refused write, naming the category and its total. */
export function shareTotalSentence(problem: { category: string, total: number }): string {
  return `The open shares of category "${problem.category}" would total ${problem.total}; they must total ${wholeBasisPoints}.`
}
