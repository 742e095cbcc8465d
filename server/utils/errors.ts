import { createError, type H3Error } from 'h3'

/** The contract's error codes (part 7) with their HTTP status and a short, person-readable status line. */
export const errorCatalogue = {
  bad_request: [400, 'Bad request'],
  validation_failed: [400, 'Some fields are missing or wrong'],
  unauthenticated: [401, 'Not signed in or token not valid'],
  forbidden: [403, 'Not permitted'],
  step_up_required: [403, 'Recent passkey proof required'],
  passkey_required: [403, 'Passkey sign-in required'],
  no_portal_identity: [403, 'No family access for this account'],
  standing_withheld: [403, 'Not available for this child'],
  section_off: [403, 'This section is switched off'],
  component_off: [403, 'This part of the service is switched off'],
  preview_read_only: [403, 'Preview is read-only'],
  not_found: [404, 'Not found'],
  conflict: [409, 'Conflict'],
  held_elsewhere: [409, 'Held in another system'],
  payload_too_large: [413, 'Request body too large'],
  unprocessable: [422, 'Request refused'],
  audience_unknown: [422, 'Unknown audience'],
  audience_empty: [422, 'Audience is empty'],
  no_consent_standing: [422, 'No standing to consent'],
  subject_required: [422, 'Subject required'],
  ask_closed: [422, 'Ask is closed'],
  schedule_published: [422, 'Schedule already published'],
  rate_limited: [429, 'Too many requests'],
  internal: [500, 'Something went wrong on our side'],
  not_implemented: [501, 'Not implemented']
} as const satisfies Record<string, readonly [number, string]>

export type ErrorCode = keyof typeof errorCatalogue

export interface FieldProblem { path: string, message: string }

export interface ErrorExtras {
  fields?: FieldProblem[]
  headers?: Record<string, string>
  /** Further machine-readable members of `data`, such as `candidates` on a possible-match conflict. */
  data?: Record<string, unknown>
}

/** An error in the contract's envelope; throw it from any route or domain function. */
export function apiError(code: ErrorCode, detail: string[] = [], extras: ErrorExtras = {}): H3Error {
  const [statusCode, statusMessage] = errorCatalogue[code]
  const error = createError({
    statusCode,
    statusMessage,
    data: { code, detail: detail.length ? detail : [statusMessage + '.'], ...(extras.fields ? { fields: extras.fields } : {}), ...extras.data }
  })
  if (extras.headers) (error as H3Error & { headers?: Record<string, string> }).headers = extras.headers
  return error
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value)
}
