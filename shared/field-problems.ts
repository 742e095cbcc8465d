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

/**
 * The fields whose text is not what it looks like (an invisible or direction-changing character,
 * shared/plain-text.ts): the contract answers these `bad_request`, naming each field, rather than
 * `validation_failed`. Empty when there are none.
 */
export function malformedTextProblems(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.filter(issue => issue.code === 'custom' && issue.params?.refusal === 'bad_request')
    .map(issue => ({ path: fieldPath([...prefix, ...issue.path]), message: issue.message }))
}

/** Every problem zod found, one per field; each unknown field is named on its own. */
export function fieldProblems(error: z.ZodError, unknownMessage = 'Unknown field.', prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.flatMap(issue => issue.code === 'unrecognized_keys'
    ? issue.keys.map(key => ({ path: fieldPath([...prefix, ...issue.path, key]), message: unknownMessage }))
    : [{ path: fieldPath([...prefix, ...issue.path]), message: issue.message }])
}
