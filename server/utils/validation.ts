import { getQuery, getRouterParams, type H3Event } from 'h3'
import type { z } from 'zod'
import type { FieldProblem } from '../../shared/error-catalogue'
import { excerpt } from '../../shared/excerpt'
import { fieldProblems } from '../../shared/field-problems'

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/

/** Parameters holding a control character: never part of an id, a day or a filter, and a way to forge log lines. */
function controlCharacterParameters(values: Record<string, unknown>): FieldProblem[] {
  return Object.entries(values).flatMap(([name, value]) => [value].flat()
    .some(item => typeof item === 'string' && controlCharacter.test(item))
    ? [{ path: excerpt(name), message: 'Contains a control character.' }]
    : [])
}

/** The values of a route's path or query as its schema reads them, and every problem with them, by name. */
export function readParameters<S extends z.ZodType>(schema: S, values: Record<string, unknown>): { value?: z.output<S>, problems: FieldProblem[] } {
  const controls = controlCharacterParameters(values)
  if (controls.length) return { problems: controls }
  const result = schema.safeParse(values)
  return result.success ? { value: result.data, problems: [] } : { problems: fieldProblems(result.error, 'Unknown parameter.') }
}

export function routeParameters(event: H3Event) {
  return getRouterParams(event, { decode: true })
}

export function queryParameters(event: H3Event) {
  return getQuery(event) as Record<string, unknown>
}
