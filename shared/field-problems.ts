import type { z } from 'zod'
import type { FieldProblem } from './error-catalogue'
import { excerpt } from './excerpt'

/**
 * `adults[1].email`: dotted, with `[i]` for array items (docs/decisions.md). A field name comes from
 * the client when it is unknown, so each is quoted as an excerpt.
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, part) => typeof part === 'number'
    ? `${joined}[${part}]`
    : joined ? `${joined}.${excerpt(String(part))}` : excerpt(String(part)), '')
}

/** Every problem zod found, one per field; each unknown field is named on its own. */
export function fieldProblems(error: z.ZodError, unknownMessage = 'Unknown field.', prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.flatMap(issue => issue.code === 'unrecognized_keys'
    ? issue.keys.map(key => ({ path: fieldPath([...prefix, ...issue.path, key]), message: unknownMessage }))
    : [{ path: fieldPath([...prefix, ...issue.path]), message: issue.message }])
}
