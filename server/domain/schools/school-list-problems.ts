import type { SchoolLists } from '../../../db/schema'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { excerpt } from '../../../shared/excerpt'

type ListName = 'channels' | 'relationships' | 'withdrawalReasons' | 'yearLevels' | 'audiences'

const listLabels: Record<ListName, string> = {
  channels: 'channel',
  relationships: 'relationship',
  withdrawalReasons: 'withdrawal reason',
  yearLevels: 'year level',
  audiences: 'audience'
}

/**
 * The problem with a value the school does not list, or nothing. A value that is not a string is
 * left to the body's schema, so this can run on a body that failed it and every problem is told at
 * once.
 */
export function schoolListProblem(lists: SchoolLists, list: ListName, value: unknown, path: string): FieldProblem[] {
  if (typeof value !== 'string' || lists[list].includes(value)) return []
  return [{ path, message: `The school does not list the ${listLabels[list]} "${excerpt(value)}". It lists: ${lists[list].join(', ')}.` }]
}
