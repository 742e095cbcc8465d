import type { ErrorCode, FieldProblem } from '../../shared/error-catalogue'
import { DomainError } from '../domain/shared/domain-error'

export { errorCatalogue, isErrorCode, type ErrorCode, type FieldProblem } from '../../shared/error-catalogue'

/** A refusal made by the HTTP layer itself, which may carry headers (`Retry-After`, `WWW-Authenticate`). */
export class HttpRefusal extends DomainError {
  constructor(
    code: ErrorCode, detail: string[], extras: { fields?: FieldProblem[], data?: Record<string, unknown> }, readonly headers: Record<string, string>
  ) {
    super(code, detail, extras)
  }
}

/** A refusal in the error envelope from the request pipeline; domain code throws `domainError` instead. */
export function apiError(
  code: ErrorCode, detail: string[] = [], extras: { fields?: FieldProblem[], data?: Record<string, unknown>, headers?: Record<string, string> } = {}
): DomainError {
  const { headers, ...rest } = extras
  return headers ? new HttpRefusal(code, detail, rest, headers) : new DomainError(code, detail, rest)
}
