import { getQuery, getRouterParams, type H3Event } from 'h3'
import type { z } from 'zod'
import type { FieldProblem } from '../../shared/error-catalogue'
import { excerpt } from '../../shared/excerpt'
import { fieldProblems } from '../../shared/field-problems'
import { plainLineRefusal } from '../../shared/plain-text'

/**
 * Parameters that are not plain one-line text (shared/plain-text.ts): a control character is never
 * part of an id, a day or a filter, and a way to forge log lines (`validation_failed`); an invisible
 * or direction-changing character makes a filter look like another (`malformed`, for `bad_request`).
 */
function unplainParameters(values: Record<string, unknown>): { problems: FieldProblem[], malformed: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const malformed: FieldProblem[] = []
  for (const [name, value] of Object.entries(values)) {
    const refusal = [value].flat().map(item => typeof item === 'string' ? plainLineRefusal(item) : undefined).find(found => found !== undefined)
    if (refusal) (refusal.code === 'bad_request' ? malformed : problems).push({ path: excerpt(name), message: refusal.message })
  }
  return { problems, malformed }
}

/**
 * The values of a route's path or query as its schema reads them, and every problem with them, by
 * name; `malformed` holds those the contract answers `bad_request`.
 */
export function readParameters<S extends z.ZodType>(
  schema: S, values: Record<string, unknown>
): { value?: z.output<S>, problems: FieldProblem[], malformed: FieldProblem[] } {
  const unplain = unplainParameters(values)
  if (unplain.problems.length || unplain.malformed.length) return unplain
  const result = schema.safeParse(values)
  return result.success ? { value: result.data, problems: [], malformed: [] } : { problems: fieldProblems(result.error, 'Unknown parameter.'), malformed: [] }
}

export function routeParameters(event: H3Event) {
  return getRouterParams(event, { decode: true })
}

export function queryParameters(event: H3Event) {
  return getQuery(event) as Record<string, unknown>
}
