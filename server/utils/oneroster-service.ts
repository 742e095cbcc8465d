import { defineEventHandler, getQuery, getRequestHeader, setResponseHeader, setResponseHeaders, setResponseStatus, type H3Event } from 'h3'
import { DomainError } from '../domain/shared/domain-error'
import { systemContext } from '../domain/shared/context'
import { readLagTolerant } from '../domain/shared/read-database'
import { faultSummary, logger } from '../domain/shared/log'
import { publicUrl } from '../domain/shared/public-url'
import { assertModuleOpen } from '../domain/access/switches'
import { oneRosterCallerOf } from '../domain/oneroster/access-tokens'
import { matchOperation, matchTemplate, unservedPaths } from '../domain/oneroster/collections'
import { answerOperation, UnknownObject, type OperationAnswer } from '../domain/oneroster/answer-operation'
import { OneRosterQueryProblem } from '../domain/oneroster/query-grammar'
import type { BindingVersion } from '../domain/oneroster/render-objects'
import { discoveryDocument, discoveryPaths } from '../domain/oneroster/discovery-document'
import { useDatabase } from './database'
import { clientAddress } from './client-address'
import { consumeRateLimit, rateLimitKey } from './rate-limit'
import { enforcedRateLimit } from './runtime-settings'
import { unauthenticatedPerMinute } from './bearer-token'
import { personIdsIn } from './data-receipts'
import { noteReceipts } from '../domain/receipts/receipt-buffer'
import { todayInZone } from '../domain/days/clock'

/** Requests one client may make per clock minute, counted across every instance as every limit is. */
export const oneRosterRequestsPerMinute = 300

/** The binding's minor codes, each with the HTTP status the binding gives it. */
const statusOfCode = {
  invalid_filter_field: 400, invalid_selection_field: 400, invaliddata: 400, unauthorisedrequest: 401, forbidden: 403,
  unknownobject: 404, server_busy: 429, internal_server_error: 500
} as const
export type OneRosterCodeMinor = keyof typeof statusOfCode

class OneRosterRefusal extends Error {
  constructor(readonly codeMinor: OneRosterCodeMinor, message: string, readonly headers: Record<string, string> = {}) {
    super(message)
  }
}

/** An error as the binding writes it: `imsx_StatusInfoDType`, `failure`/`error`, the minor code against the target system. */
export function statusInfo(codeMinor: OneRosterCodeMinor, description: string) {
  return {
    imsx_codeMajor: 'failure',
    imsx_severity: 'error',
    imsx_description: description,
    imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: codeMinor }] }
  }
}

/** The binding's paging links: first, prev, next and last, each the request's own address with its offset moved. */
function pagingLinks(event: H3Event, page: NonNullable<OperationAnswer['page']>): string {
  const url = new URL(event.path, publicUrl())
  const at = (offset: number) => {
    url.searchParams.set('limit', String(page.limit))
    url.searchParams.set('offset', String(offset))
    return url.toString()
  }
  const lastOffset = Math.max(0, Math.floor((page.total - 1) / page.limit) * page.limit)
  const links = [`<${at(0)}>; rel="first"`]
  if (page.offset > 0) links.push(`<${at(Math.max(0, page.offset - page.limit))}>; rel="prev"`)
  if (page.offset + page.limit < page.total) links.push(`<${at(page.offset + page.limit)}>; rel="next"`)
  links.push(`<${at(lastOffset)}>; rel="last"`)
  return links.join(', ')
}

/** The caller's client and school, or the binding's `unauthorisedrequest` (counted against the address, as a bad API token is). */
async function identify(event: H3Event) {
  const database = await useDatabase()
  const token = /^Bearer +([\w-]+) *$/i.exec(getRequestHeader(event, 'authorization') ?? '')?.[1]
  const caller = token ? await oneRosterCallerOf(database, token) : null
  if (caller) return { database, caller }
  const verdict = await consumeRateLimit(database, `address ${clientAddress(event)} unauthenticated`, enforcedRateLimit(unauthenticatedPerMinute))
  if (!verdict.allowed) {
    throw new OneRosterRefusal('server_busy', `Too many requests without a valid token; try again in ${verdict.retryAfter} seconds.`, {
      'Retry-After': String(verdict.retryAfter)
    })
  }
  throw new OneRosterRefusal('unauthorisedrequest', 'Send an access token from the token endpoint (/oauth/token) as a bearer token.', {
    'WWW-Authenticate': 'Bearer realm="rollbook"'
  })
}

/**
 * One binding's read service at `basePath`: every path under it goes through here, so identifying
 * the client, its rate limit, the school's rosters switch and the binding's errors are written once
 * for both versions; the operations themselves are a table (server/domain/oneroster/collections.ts).
 * These answers are the binding's, not the contract's envelope (docs/rosters.md, "OneRoster REST").
 */
export function defineOneRosterService(version: BindingVersion, basePath: string) {
  return defineEventHandler(async (event) => {
    setResponseHeaders(event, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    // Both bindings are read-only here: any other method is the binding's `unsupported`, in its own form.
    if (event.method !== 'GET') {
      setResponseStatus(event, 405)
      setResponseHeaders(event, { 'Allow': 'GET, HEAD', 'Content-Type': 'application/json; charset=utf-8' })
      return JSON.stringify({
        imsx_codeMajor: 'unsupported', imsx_severity: 'error', imsx_description: `Rollbook's OneRoster ${version} service is read-only: use GET.`
      })
    }
    try {
      const segments = (event.context.params?.path ?? '').split('/').filter(Boolean).map(decodeURIComponent)
      // Service discovery is public: a platform reads it before it has a token.
      if (version === '1.2' && discoveryPaths.some(path => path.join('/') === segments.join('/'))) {
        setResponseHeader(event, 'Content-Type', 'application/json; charset=utf-8')
        return JSON.stringify(discoveryDocument(publicUrl()))
      }
      const { database, caller } = await identify(event)
      const verdict = await consumeRateLimit(database, rateLimitKey(caller.clientId, basePath), enforcedRateLimit(oneRosterRequestsPerMinute))
      setResponseHeaders(event, { 'X-RateLimit-Limit': String(verdict.limit), 'X-RateLimit-Remaining': String(verdict.remaining) })
      if (!verdict.allowed) {
        throw new OneRosterRefusal('server_busy', `At most ${verdict.limit} requests a minute; try again in ${verdict.retryAfter} seconds.`, {
          'Retry-After': String(verdict.retryAfter)
        })
      }
      assertModuleOpen(caller.school, 'rosters', 'read')
      if (unservedPaths.some(path => matchTemplate(path, segments))) {
        throw new OneRosterRefusal('unknownobject', 'Demographics are not served by Rollbook (docs/rosters.md).')
      }
      const matched = matchOperation(version, segments)
      if (!matched) throw new OneRosterRefusal('unknownobject', 'No such collection or object in this binding.')
      // The binding gives a collection under another object (a class's students) to roster.readonly only, not roster-core.
      if (matched.operation.named?.length && !caller.scopes.includes('roster.readonly')) {
        throw new OneRosterRefusal('forbidden', 'This collection needs the roster.readonly scope; the token holds roster-core.readonly only.')
      }
      const ctx = systemContext(database, caller.school, 'oneroster:serve')
      // A platform's pulls are the heavy, lag-tolerant reads a read replica is for (docs/read-replica.md); it writes nothing through them.
      const answer = await readLagTolerant(ctx, served => answerOperation(
        ctx, version, `${publicUrl()}${basePath}`, matched.operation, matched.params, getQuery(event) as never, served
      ))
      if (answer.page) {
        setResponseHeader(event, 'X-Total-Count', String(answer.page.total))
        setResponseHeader(event, 'Link', pagingLinks(event, answer.page))
      }
      // The binding's answers have no place for a remark, so it goes in a header of its own.
      if (answer.notes) setResponseHeader(event, 'X-Rollbook-Note', answer.notes.join(' '))
      setResponseHeader(event, 'Content-Type', 'application/json; charset=utf-8')
      const text = JSON.stringify(answer.body)
      // Families see which platforms read their records, as they see API tokens (docs/receipts.md): the roster is `roster.read`'s.
      const people = personIdsIn(text)
      if (people.size) {
        noteReceipts(database, {
          schoolId: caller.school.id, tokenId: caller.clientId, day: todayInZone(caller.school.timeZone), scopes: 'roster.read', via: 'oneroster'
        }, people)
      }
      return text
    } catch (error) {
      const refusal = refusalOf(error)
      setResponseStatus(event, statusOfCode[refusal.codeMinor])
      setResponseHeaders(event, { 'Content-Type': 'application/json; charset=utf-8', ...refusal.headers })
      return JSON.stringify(statusInfo(refusal.codeMinor, refusal.message))
    }
  })
}

/** Any failure as the binding's refusal; a fault of ours is logged by its summary (no child's data) and answered as one. */
function refusalOf(error: unknown): OneRosterRefusal {
  if (error instanceof OneRosterRefusal) return error
  if (error instanceof OneRosterQueryProblem) return new OneRosterRefusal(error.code, error.message)
  if (error instanceof UnknownObject) return new OneRosterRefusal('unknownobject', error.message)
  if (error instanceof URIError) return new OneRosterRefusal('invaliddata', 'The path is not valid percent-encoding.')
  if (error instanceof DomainError && error.code === 'component_off') return new OneRosterRefusal('forbidden', 'The school does not serve rosters now.')
  logger.error(`OneRoster request failed: ${faultSummary(error)}`)
  return new OneRosterRefusal('internal_server_error', 'Something went wrong on our side.')
}
