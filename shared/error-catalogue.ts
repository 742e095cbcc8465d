/** The error codes of the interface (docs/decisions.md, "Error codes") with their HTTP status and a short, person-readable status line. */
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
  method_not_allowed: [405, 'Method not allowed'],
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

export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]

/** An own-property check, so `toString` or `constructor` are never taken for a code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value)
}

/** One wrong field of a request: its path (`adults[1].email`, or a query parameter's name) and what is wrong. */
export interface FieldProblem { path: string, message: string }
