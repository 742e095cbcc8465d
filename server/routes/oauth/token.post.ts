import { defineEventHandler, setResponseHeaders } from 'h3'
import { useDatabase } from '../../utils/database'
import { readOAuthTokenRequest, refuseOAuthTokenRequest } from '../../utils/oauth-token-request'
import { issueOneRosterAccessToken } from '../../domain/oneroster/access-tokens'

/**
 * The OAuth 2.0 token endpoint of the OneRoster REST service (docs/rosters.md, "OneRoster REST clients"): a client made
 * in Settings → Rostering takes a one-hour access token with its id and secret. Outside /api, it answers as RFC 6749
 * words it, not in the contract's envelope.
 */
export default defineEventHandler(async (event) => {
  // RFC 6749 §5.1: an answer holding a token, or a refusal of one, is never cached.
  setResponseHeaders(event, { 'Cache-Control': 'no-store', 'Pragma': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
  const database = await useDatabase()
  const request = await readOAuthTokenRequest(event)
  if ('refused' in request) return refuseOAuthTokenRequest(event, database, request)
  const grant = await issueOneRosterAccessToken(database, { clientId: request.clientId, clientSecret: request.clientSecret, requestedScope: request.scope })
  if ('refused' in grant) return refuseOAuthTokenRequest(event, database, grant)
  return grant.granted
})
