import type { SchoolLists } from '../../../db/schema'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { schoolListProblem } from '../schools/school-list-problems'

type Body = Record<string, any> | null | undefined

/** Relationships of the adults (or carers) of a send that the school does not list, each on its path. */
function relationshipProblems(lists: SchoolLists, adults: unknown, field: string): FieldProblem[] {
  if (!Array.isArray(adults)) return []
  return adults.flatMap((adult, i) => schoolListProblem(lists, 'relationships', adult?.relationship, `${field}[${i}].relationship`))
}

/**
 * Values of an application (even one that failed its schema) that are not on the school's lists, so
 * the request pipeline tells them with the schema's problems, all at once.
 */
export function applicationListProblems(lists: SchoolLists, body: unknown): FieldProblem[] {
  const input = body as Body
  return [
    ...relationshipProblems(lists, input?.adults, 'adults'),
    ...schoolListProblem(lists, 'yearLevels', input?.placement?.yearLevel, 'placement.yearLevel')
  ]
}

/** The same for an enrolment. */
export function enrolmentListProblems(lists: SchoolLists, body: unknown): FieldProblem[] {
  const input = body as Body
  return [
    ...relationshipProblems(lists, input?.carers, 'carers'),
    ...schoolListProblem(lists, 'yearLevels', input?.yearLevel, 'yearLevel')
  ]
}

/** The same for an application event: the year level of a start, the reason of a withdrawal. */
export function applicationEventListProblems(lists: SchoolLists, body: unknown): FieldProblem[] {
  const input = body as Body
  return input?.kind === 'withdrawn'
    ? schoolListProblem(lists, 'withdrawalReasons', input.reason, 'reason')
    : schoolListProblem(lists, 'yearLevels', input?.placement?.yearLevel, 'placement.yearLevel')
}
