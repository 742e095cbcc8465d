import type { H3Error } from 'h3'
import { errorCatalogue, isErrorCode, type ErrorCode } from './errors'

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
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

/**
 * The contract's error body for any thrown value: our own `apiError`s keep their code and detail;
 * anything else becomes the code its status implies, or `internal`, with no message of its own.
 */
export function errorEnvelope(error: unknown, traceId: string): ErrorEnvelope {
  const h3 = error as Partial<H3Error>
  const data = (h3?.data ?? {}) as Record<string, unknown>
  const ours = isErrorCode(data.code)
  const code: ErrorCode = ours ? data.code as ErrorCode : (codeForStatus[h3?.statusCode ?? 500] ?? 'internal')
  const [statusCode, statusMessage] = errorCatalogue[code]
  const { code: _code, detail, ...rest } = ours ? data : {}
  return {
    statusCode,
    statusMessage,
    data: { code, detail: ours && Array.isArray(detail) ? detail as string[] : [statusMessage + '.'], ...rest, traceId }
  }
}

/** Headers an `apiError` asked to be sent with it (`Retry-After` on 429). */
export function errorHeaders(error: unknown): Record<string, string> {
  return (error as { headers?: Record<string, string> })?.headers ?? {}
}
