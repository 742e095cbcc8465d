import { getQuery, getRequestHeader, readRawBody, type H3Event } from 'h3'
import type { z } from 'zod'
import { apiError, type FieldProblem } from './errors'

/** `adults[1].email`: dotted, with `[i]` for array items (DECISIONS). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, part) => typeof part === 'number'
    ? `${joined}[${part}]`
    : joined ? `${joined}.${String(part)}` : String(part), '')
}

/** Every problem zod found, one per field; each unknown field is named on its own. */
export function fieldProblems(error: z.ZodError, unknownMessage = 'Unknown field.'): FieldProblem[] {
  return error.issues.flatMap(issue => issue.code === 'unrecognized_keys'
    ? issue.keys.map(key => ({ path: fieldPath([...issue.path, key]), message: unknownMessage }))
    : [{ path: fieldPath(issue.path), message: issue.message }])
}

export function validationFailed(problems: FieldProblem[]) {
  return apiError('validation_failed', problems.map(p => `${p.path || 'body'}: ${p.message}`), { fields: problems })
}

/** Parses a value with a schema, or throws `validation_failed` naming every wrong field. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown, unknownMessage?: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(fieldProblems(result.error, unknownMessage))
  return result.data
}

export function parseQueryParameters<S extends z.ZodType>(event: H3Event, schema: S): z.output<S> {
  return parseOrRefuse(schema, getQuery(event), 'Unknown parameter.')
}

/** PostgreSQL refuses NUL in text and SQLite keeps it; refusing it here keeps both alike. */
function findNulCharacters(value: unknown, path: PropertyKey[] = []): FieldProblem[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ path: fieldPath(path), message: 'Contains a NUL character.' }] : []
  if (Array.isArray(value)) return value.flatMap((item, index) => findNulCharacters(item, [...path, index]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => findNulCharacters(item, [...path, key]))
  return []
}

/** Reads a JSON body: `bad_request` if it is not JSON, `payload_too_large` past `maxBytes`. */
export async function readJsonBody(event: H3Event, maxBytes: number): Promise<{ raw: string, value: unknown }> {
  const contentType = getRequestHeader(event, 'content-type') ?? ''
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw apiError('bad_request', ['Send the body as JSON with Content-Type: application/json.'])
  }
  const declaredLength = Number(getRequestHeader(event, 'content-length') ?? 0)
  if (declaredLength > maxBytes) throw apiError('payload_too_large', [`The body may be at most ${maxBytes} bytes.`])
  const raw = (await readRawBody(event, 'utf8')) ?? ''
  if (Buffer.byteLength(raw) > maxBytes) throw apiError('payload_too_large', [`The body may be at most ${maxBytes} bytes.`])
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw apiError('bad_request', ['The body is not valid JSON.'])
  }
  const nul = findNulCharacters(value)
  if (nul.length) throw validationFailed(nul)
  return { raw, value }
}
