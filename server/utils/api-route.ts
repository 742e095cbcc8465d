import { defineEventHandler, getRequestHeader, getRouterParams, setResponseHeader, setResponseStatus, type EventHandler, type H3Event } from 'h3'
import { z } from 'zod'
import type { Database } from '../../db/client'
import type { ModuleName } from '../../db/schema'
import type { DomainContext, SchoolRef } from '../domain/shared/context'
import type { Scope } from '../domain/tokens/scopes'
import { authenticateBearer, requireScope, type ApiCaller } from './caller'
import { useDatabase } from './database'
import { apiError, type ErrorCode, type FieldProblem } from './errors'
import { errorEnvelope } from './error-envelope'
import { JsonAnswer } from './answer-cache'
import { checkIdempotencyKey, claimIdempotencyKey, requestFingerprint } from './idempotency'
import { consumeRateLimit, scaledRateLimit } from './rate-limit'
import { traceIdOf } from './trace'
import { fieldProblems, parseOrRefuse, parseQueryParameters, readJsonBody, validationFailed } from './validation'

type AnyObject = z.ZodType<Record<string, unknown>>

/** Everything about a `/api/v1` route except its handler, declared once beside it. */
export interface ApiRouteDeclaration<Q extends AnyObject, P extends AnyObject, B extends z.ZodType, R extends z.ZodType> {
  summary: string
  description?: string
  tag: string
  scope: Scope
  /** Requests per token per clock minute (part 8). */
  rateLimit: number
  /** The part of the service the route belongs to; a school can switch it off or make it read-only. */
  module: ModuleName
  /** Honours `Idempotency-Key` (writes marked IK in the contract). */
  idempotent?: boolean
  params?: P
  query?: Q
  body?: B
  /** Problems the schema cannot see, such as values the school does not list; told with the schema's. */
  bodyChecks?: (body: unknown, school: SchoolRef) => FieldProblem[]
  maxBodyBytes?: number
  response: R
  /** Success status; 200 unless given. */
  status?: number
  /** Error codes this route answers beyond the ones every route can. */
  errors?: ErrorCode[]
}

export interface ApiRouteContext<Q extends AnyObject, P extends AnyObject, B extends z.ZodType> {
  event: H3Event
  caller: ApiCaller
  database: Database
  /** For domain functions: the caller's school, the database and who acts. */
  domain: DomainContext
  query: z.output<Q>
  params: z.output<P>
  body: z.output<B>
}

export type ApiRouteHandler = EventHandler & { declaration: ApiRouteDeclaration<AnyObject, AnyObject, z.ZodType, z.ZodType> }

const emptyObject = z.strictObject({})

/** Tests set this so an answer that strays from its declared schema fails loudly instead of drifting. */
const checkAnswers = process.env.ROLLBOOK_CHECK_RESPONSES === '1'

/** The body as its schema reads it, or `validation_failed` with the schema's and the checks' problems together. */
function parseBody(declaration: ApiRouteDeclaration<AnyObject, AnyObject, z.ZodType, z.ZodType>, value: unknown, school: SchoolRef) {
  const parsed = declaration.body!.safeParse(value)
  const problems = [...(parsed.success ? [] : fieldProblems(parsed.error)), ...(declaration.bodyChecks?.(value, school) ?? [])]
  if (problems.length) throw validationFailed(problems)
  return parsed.data
}

/** The answer as JSON text, checked against its schema when the tests ask for it. */
function answerText(schema: z.ZodType, answer: unknown): string {
  const value = answer instanceof JsonAnswer ? answer.value : answer
  if (checkAnswers) {
    const result = schema.safeParse(value)
    if (!result.success) throw new Error(`The answer does not match its declared schema: ${z.prettifyError(result.error)}`)
  }
  return answer instanceof JsonAnswer ? answer.text : JSON.stringify(value)
}

/**
 * Defines a `/api/v1` route. Shared code does, in order: identify the token (401), count it against
 * the rate limit (429), check the scope (403) and the school's module (403 `component_off`), validate
 * params, query and body (400), honour `Idempotency-Key`, then call the handler. The same declaration
 * feeds the OpenAPI document, so the two cannot drift apart.
 */
export function defineApiRoute<
  R extends z.ZodType,
  Q extends AnyObject = typeof emptyObject,
  P extends AnyObject = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined
>(declaration: ApiRouteDeclaration<Q, P, B, R>, handler: (context: ApiRouteContext<Q, P, B>) => Promise<z.input<R> | JsonAnswer<z.input<R>>>): ApiRouteHandler {
  const limit = scaledRateLimit(declaration.rateLimit)
  const eventHandler = defineEventHandler(async (event) => {
    const database = await useDatabase()
    const caller = await authenticateBearer(event, database)
    const endpoint = `${event.method} ${event.context.matchedRoute?.path ?? event.path}`
    const verdict = await consumeRateLimit(database, `${caller.tokenId} ${endpoint}`, limit)
    setResponseHeader(event, 'X-RateLimit-Limit', String(verdict.limit))
    setResponseHeader(event, 'X-RateLimit-Remaining', String(verdict.remaining))
    if (!verdict.allowed) {
      throw apiError('rate_limited', [`At most ${verdict.limit} requests a minute; try again in ${verdict.retryAfter} seconds.`], {
        headers: { 'Retry-After': String(verdict.retryAfter) }
      })
    }
    requireScope(caller, declaration.scope)
    const isWrite = event.method !== 'GET' && event.method !== 'HEAD'
    const mode = caller.school.modules[declaration.module] ?? 'on'
    if (mode === 'off' || (mode === 'read_only' && isWrite)) {
      throw apiError('component_off', [mode === 'off'
        ? `The school does not run the ${declaration.module} part of the service.`
        : `The school keeps the ${declaration.module} part of the service read-only.`])
    }
    const params = parseOrRefuse(declaration.params ?? emptyObject, getRouterParams(event, { decode: true }))
    const query = parseQueryParameters(event, declaration.query ?? emptyObject)
    const body = declaration.body ? await readJsonBody(event, declaration.maxBodyBytes ?? 1_000_000) : undefined
    const context: ApiRouteContext<Q, P, B> = {
      event,
      caller,
      database,
      domain: { database, school: caller.school, actor: { kind: 'token', tokenId: caller.tokenId } },
      query: query as z.output<Q>,
      params: params as z.output<P>,
      body: (declaration.body ? parseBody(declaration, body!.value, caller.school) : undefined) as z.output<B>
    }
    const status = declaration.status ?? 200
    const key = declaration.idempotent ? getRequestHeader(event, 'idempotency-key') : undefined
    if (key === undefined) {
      const answer = answerText(declaration.response, await handler(context))
      setResponseHeader(event, 'Content-Type', 'application/json')
      setResponseStatus(event, status)
      return answer
    }

    checkIdempotencyKey(key)
    const claim = await claimIdempotencyKey(database, caller.tokenId, key, requestFingerprint(event.method, event.path, body?.raw ?? ''))
    setResponseHeader(event, 'Content-Type', 'application/json')
    if (claim.kind === 'replay') {
      setResponseHeader(event, 'Idempotency-Replayed', 'true')
      setResponseStatus(event, claim.answer.status)
      return claim.answer.body
    }
    try {
      const answer = answerText(declaration.response, await handler(context))
      await claim.complete({ status, body: answer })
      setResponseStatus(event, status)
      return answer
    } catch (error) {
      const envelope = errorEnvelope(error, traceIdOf(event))
      const stored = envelope.data.code !== 'validation_failed' && envelope.statusCode < 500
      await claim.complete(stored ? { status: envelope.statusCode, body: JSON.stringify(envelope) } : null)
      throw error
    }
  })
  return Object.assign(eventHandler, { declaration }) as unknown as ApiRouteHandler
}
