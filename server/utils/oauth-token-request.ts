import { getQuery, getRequestHeader, setResponseHeaders, setResponseStatus, type H3Event } from 'h3'
import type { Database } from '../../db/client'
import { controlCharacterIn } from '../../shared/plain-text'
import { DomainError } from '../domain/shared/domain-error'
import { clientAddress } from './client-address'
import { readBoundedBody } from './request-body'
import { consumeRateLimit } from './rate-limit'
import { enforcedRateLimit } from './runtime-settings'
import { unauthenticatedPerMinute } from './bearer-token'

/** A token request is a few short fields; anything longer is not one. */
export const oauthTokenBodyBytes = 4096

/** The error codes of RFC 6749 §5.2 the token endpoint answers with. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope'

export interface OAuthRefusal {
  refused: OAuthErrorCode
  description: string
}

/** A client-credentials token request, read and checked for its shape; the credentials are not yet checked. */
export interface OAuthTokenRequest {
  clientId: string
  clientSecret: string
  scope?: string
}

const refusal = (refused: OAuthErrorCode, description: string): OAuthRefusal => ({ refused, description })
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** One form-urlencoded component (RFC 6749 §2.3.1 encodes the id and secret so before Basic's base64), or undefined if it is not one. */
function decodeFormComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return undefined
  }
}

/** The id and secret of an `Authorization: Basic` header, or a refusal for a header that is not one. */
function basicCredentials(header: string): { clientId: string, clientSecret: string } | OAuthRefusal {
  const malformed = refusal('invalid_client', 'The Authorization header is not Basic with a base64 client id and secret.')
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header)
  if (!match) return malformed
  let decoded: string
  try {
    decoded = utf8.decode(Buffer.from(match[1]!, 'base64'))
  } catch {
    return malformed
  }
  const colon = decoded.indexOf(':')
  if (colon < 0) return malformed
  const clientId = decodeFormComponent(decoded.slice(0, colon))
  const clientSecret = decodeFormComponent(decoded.slice(colon + 1))
  if (clientId === undefined || clientSecret === undefined || controlCharacterIn(clientId) || controlCharacterIn(clientSecret)) return malformed
  return { clientId, clientSecret }
}

/** The body's fields, each at most once (RFC 6749 §3.2), none holding a control character; or a refusal. */
async function formFields(event: H3Event): Promise<Map<string, string> | OAuthRefusal> {
  if (!/^application\/x-www-form-urlencoded *(;|$)/i.test(getRequestHeader(event, 'content-type') ?? '')) {
    return refusal('invalid_request', 'Send the request as application/x-www-form-urlencoded.')
  }
  let text: string
  try {
    text = utf8.decode(await readBoundedBody(event, oauthTokenBodyBytes))
  } catch (error) {
    if (error instanceof DomainError) return refusal('invalid_request', `The body may be at most ${oauthTokenBodyBytes} bytes.`)
    if (error instanceof TypeError) return refusal('invalid_request', 'The body is not UTF-8 text.')
    throw error
  }
  const fields = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(text)) {
    if (fields.has(name)) return refusal('invalid_request', `The parameter ${name.slice(0, 40)} is sent more than once.`)
    if (controlCharacterIn(name) || controlCharacterIn(value)) return refusal('invalid_request', 'A parameter holds a control character.')
    fields.set(name, value)
  }
  return fields
}

/**
 * Reads a token request of the client-credentials grant (RFC 6749 §4.4): a form body, `grant_type=client_credentials`,
 * and the client's credentials by HTTP Basic or in the body, never both and never in the URL.
 */
export async function readOAuthTokenRequest(event: H3Event): Promise<OAuthTokenRequest | OAuthRefusal> {
  if ('client_secret' in getQuery(event)) return refusal('invalid_request', 'Send the client secret in the body or the Authorization header, never in the URL.')
  const fields = await formFields(event)
  if (!(fields instanceof Map)) return fields
  const grantType = fields.get('grant_type')
  if (!grantType) return refusal('invalid_request', 'The grant_type parameter is missing.')
  if (grantType !== 'client_credentials') return refusal('unsupported_grant_type', 'Only the client_credentials grant is served.')
  const header = getRequestHeader(event, 'authorization')
  const inBody = fields.has('client_id') || fields.has('client_secret')
  if (header !== undefined && inBody) return refusal('invalid_request', 'Authenticate the client one way: Basic or the body, not both.')
  const scope = fields.get('scope')
  if (header !== undefined) {
    const credentials = basicCredentials(header)
    return 'refused' in credentials ? credentials : { ...credentials, scope }
  }
  const clientId = fields.get('client_id')
  const clientSecret = fields.get('client_secret')
  if (!clientId || !clientSecret) return refusal('invalid_client', 'Authenticate the client with Basic, or client_id and client_secret in the body.')
  return { clientId, clientSecret, scope }
}

/**
 * Answers a refused token request as RFC 6749 §5.2 words it: 400, or 401 with a Basic challenge for `invalid_client`.
 * Each refusal counts against the client's address, as a request without a valid token does (bearer-token.ts), so a
 * client guessing secrets is slowed down; past the limit the answer is 429 with Retry-After.
 */
export async function refuseOAuthTokenRequest(event: H3Event, database: Database, refused: OAuthRefusal) {
  const verdict = await consumeRateLimit(database, `address ${clientAddress(event)} oauth-token`, enforcedRateLimit(unauthenticatedPerMinute))
  setResponseHeaders(event, { 'X-RateLimit-Limit': String(verdict.limit), 'X-RateLimit-Remaining': String(verdict.remaining) })
  if (!verdict.allowed) {
    setResponseStatus(event, 429)
    setResponseHeaders(event, { 'Retry-After': String(verdict.retryAfter) })
    return {
      error: 'temporarily_unavailable',
      error_description: `Too many refused token requests from this address; try again in ${verdict.retryAfter} seconds.`
    }
  }
  if (refused.refused === 'invalid_client') {
    setResponseStatus(event, 401)
    setResponseHeaders(event, { 'WWW-Authenticate': 'Basic realm="rollbook"' })
  } else {
    setResponseStatus(event, 400)
  }
  return { error: refused.refused, error_description: refused.description }
}
