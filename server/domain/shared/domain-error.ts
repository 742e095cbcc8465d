import type { z } from 'zod'
import type { ErrorCode, FieldProblem } from '../../../shared/error-catalogue'
import { fieldProblems, malformedTextProblems } from '../../../shared/field-problems'
import { plainLineRefusal } from '../../../shared/plain-text'

export interface DomainErrorExtras {
  /** For `validation_failed`: every wrong field by its path. */
  fields?: FieldProblem[]
  /** Further machine-readable members of the answer's `data`, such as `candidates` on a possible-match conflict. */
  data?: Record<string, unknown>
}

/**
 * The one way the school's rules refuse something: a code of the catalogue (shared/error-catalogue.ts),
 * one sentence per reason, and the wrong fields. It knows nothing of HTTP; server/utils turns it into
 * the error envelope, the CLI into a line on stderr, so a refusal reads the same from every caller.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  readonly detail: string[]
  constructor(readonly code: ErrorCode, detail: string[], readonly extras: DomainErrorExtras = {}) {
    super(detail.join(' ') || code)
    this.detail = detail
  }
}

/** A refusal to throw: `throw domainError('not_found', ['No person with this id.'])`. */
export function domainError(code: ErrorCode, detail: string[], extras: DomainErrorExtras = {}): DomainError {
  return new DomainError(code, detail, extras)
}

/** `validation_failed` naming every wrong field, each with its own sentence in `detail`. */
export function validationFailed(problems: FieldProblem[]): DomainError {
  return new DomainError('validation_failed', problems.map(p => `${p.path || 'body'}: ${p.message}`), { fields: problems })
}

/** `bad_request` naming each field whose text is not what it looks like (an invisible or direction-changing character). */
export function malformedText(problems: FieldProblem[]): DomainError {
  return new DomainError('bad_request', problems.map(p => `${p.path || 'body'}: ${p.message}`), { fields: problems })
}

/**
 * What a schema's failure answers: `bad_request` naming the fields whose text is not what it looks
 * like, when there are any; otherwise `validation_failed` naming every wrong field.
 */
export function inputRefusal(error: z.ZodError, options: { unknownMessage?: string, prefix?: readonly PropertyKey[] } = {}): DomainError {
  const malformed = malformedTextProblems(error, options.prefix)
  return malformed.length ? malformedText(malformed) : validationFailed(fieldProblems(error, options.unknownMessage, options.prefix))
}

/**
 * For a writer that reads no zod schema (the CLI's arguments, a school's lists) and keeps its values
 * trimmed: refuses values by
 * the one plain-text rule (shared/plain-text.ts), naming each field: `bad_request` for an invisible
 * or direction-changing character, `validation_failed` for a control character.
 */
export function requirePlainLines(values: readonly (readonly [path: string, value: string | null | undefined])[]): void {
  const refused = values.flatMap(([path, value]) => {
    const refusal = typeof value === 'string' ? plainLineRefusal(value, { trimmed: true }) : undefined
    return refusal ? [{ path, message: refusal.message, code: refusal.code }] : []
  })
  const malformed = refused.filter(found => found.code === 'bad_request').map(({ path, message }) => ({ path, message }))
  if (malformed.length) throw malformedText(malformed)
  if (refused.length) throw validationFailed(refused.map(({ path, message }) => ({ path, message })))
}

/** Parses a value with a schema, or throws `bad_request` or `validation_failed` naming the fields (under `prefix`, when given). */
export function parseInput<S extends z.ZodType>(
  schema: S, value: unknown, options: { unknownMessage?: string, prefix?: readonly PropertyKey[] } = {}
): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw inputRefusal(result.error, options)
  return result.data
}
