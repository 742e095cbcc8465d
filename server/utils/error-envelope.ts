import { send, setResponseHeader, setResponseStatus, type H3Error, type H3Event } from 'h3'
import { errorCatalogue, type ErrorCode } from '../../shared/error-catalogue'
import { DomainError } from '../domain/shared/domain-error'
import { HttpRefusal } from './errors'
import { faultSummary } from '../domain/shared/log'
import { logAnswer } from './request-log'
import { traceIdOf } from './trace'

/** h3's own refusals (no route, a body it would not read) by their status. */
const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'bad_request',
  422: 'unprocessable',
  429: 'rate_limited',
  501: 'not_implemented'
}

export interface ErrorEnvelope {
  statusCode: number
  statusMessage: string
  data: { code: ErrorCode, detail: string[], traceId: string, [member: string]: unknown }
}

/** h3 wraps what a handler throws in an H3Error and keeps the original as `cause`. */
function domainErrorIn(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error
  const cause = (error as { cause?: unknown })?.cause
  return cause instanceof DomainError ? cause : undefined
}

/**
 * The error envelope for any thrown value: a domain refusal keeps its code, detail and fields;
 * anything else becomes the code its status implies, or `internal`, with nothing of its message.
 */
export function errorEnvelope(error: unknown, traceId: string): ErrorEnvelope {
  const refusal = domainErrorIn(error)
  const code: ErrorCode = refusal?.code ?? codeForStatus[(error as Partial<H3Error>)?.statusCode ?? 500] ?? 'internal'
  const [statusCode, statusMessage] = errorCatalogue[code]
  const detail = refusal?.detail.length ? refusal.detail : [statusMessage + '.']
  const extras = refusal ? { ...refusal.extras.data, ...(refusal.extras.fields ? { fields: refusal.extras.fields } : {}) } : {}
  return { statusCode, statusMessage, data: { ...extras, code, detail, traceId } }
}

/** Headers a refusal asked to be sent with it (`Retry-After` on 429, `WWW-Authenticate` on 401). */
export function errorHeaders(error: unknown): Record<string, string> {
  const refusal = domainErrorIn(error)
  return refusal instanceof HttpRefusal ? refusal.headers : {}
}

/**
 * Answers a failure in the envelope, with the headers its refusal asked for, and logs it with its
 * trace id: the error handler of every surface (server/error-handler.ts for Nitro's) ends here.
 */
export function sendErrorEnvelope(error: unknown, event: H3Event): Promise<void> {
  const envelope = errorEnvelope(error, traceIdOf(event))
  for (const [name, value] of Object.entries(errorHeaders(error))) setResponseHeader(event, name, value)
  setResponseHeader(event, 'Content-Type', 'application/json')
  setResponseStatus(event, envelope.statusCode, envelope.statusMessage)
  const cause = (error as { cause?: unknown } | undefined)?.cause
  logAnswer(event, { code: envelope.data.code, fault: envelope.statusCode >= 500 ? faultSummary(cause ?? error) : undefined })
  return send(event, JSON.stringify(envelope))
}
