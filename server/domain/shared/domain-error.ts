import type { z } from 'zod'
import type { ErrorCode, FieldProblem } from '../../../shared/error-catalogue'
import { fieldProblems } from '../../../shared/field-problems'

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

/** Parses a value with a schema, or throws `validation_failed` naming every wrong field (under `prefix`, when given). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, options: { unknownMessage?: string, prefix?: readonly PropertyKey[] } = {}): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(fieldProblems(result.error, options.unknownMessage, options.prefix))
  return result.data
}
