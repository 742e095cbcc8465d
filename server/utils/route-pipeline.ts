import { defineEventHandler, getRequestHeader, setResponseHeader, setResponseStatus, type EventHandler, type EventHandlerRequest, type H3Event } from 'h3'
import { z } from 'zod'
import type { ModuleName } from '../../db/schema'
import type { Database } from '../../db/client'
import type { FieldProblem } from '../../shared/error-catalogue'
import { fieldProblems, malformedTextProblems } from '../../shared/field-problems'
import type { DomainContext } from '../domain/shared/context'
import type { SchoolRef } from '../domain/shared/school-ref'
import { malformedText, validationFailed } from '../domain/shared/domain-error'
import { schoolDataCache } from '../domain/shared/school-data-cache'
import { todayInZone } from '../domain/days/clock'
import { readLagTolerant } from '../domain/shared/read-database'
import type { Capability } from '../domain/access/catalogue'
import { assertCapability } from '../domain/access/access'
import { assertModuleOpen } from '../domain/access/switches'
import { useDatabase } from './database'
import { apiError, type ErrorCode } from './errors'
import { errorEnvelope } from './error-envelope'
import { checkIdempotencyKey, claimIdempotencyKey, requestFingerprints } from './idempotency'
import { rateLimitKey, rateLimitVerdict } from './rate-limit'
import { enforcedRateLimit, runtimeSettings } from './runtime-settings'
import { readJsonBody } from './request-body'
import { takeUploadSlot } from './upload-slots'
import { queryParameters, readParameters, routeParameters } from './validation'
import { cursorRefused, openCursor, sealCursor } from './cursor'
import { traceIdOf } from './trace'
import { isFileAnswer, isLinkAnswer, sendFileAnswer, sendLinkAnswer } from './file-answer'
import type { Principal, Surface } from './principal'

type AnyObject = z.ZodType<Record<string, unknown>>

/** Everything about a route except its handler, declared once beside it; the same declaration feeds the OpenAPI document. */
export interface RouteDeclaration<Q extends AnyObject, P extends AnyObject, B extends z.ZodType, R extends z.ZodType> {
  summary: string
  description?: string
  tag: string
  /** The capability a caller needs: a v1 scope on `/api/v1`, any capability on `/api/app`, where none means any signed-in member of staff. */
  scope?: Capability
  /** Only tokens issued this way are accepted (`rostering`: through the school's rostering settings); others are `forbidden`, whatever their scopes. */
  tokensIssuedVia?: 'rostering'
  /** Requests per caller per clock minute. */
  rateLimit: number
  /** The part of the service the route belongs to; a school can switch it off or make it read-only. Screens' own routes (sign-in, settings) belong to none. */
  module?: ModuleName
  /** Honours `Idempotency-Key`. The handler's answer is the result of its one `writeChanges`, stored in that transaction. */
  idempotent?: boolean
  params?: P
  /** A query with `cursor` makes the route a list: the pipeline opens the cursor into `ctx.page` and seals `nextCursor`. */
  query?: Q
  body?: B
  /** Problems the schema cannot see, such as values the school does not list; told with the schema's. */
  bodyChecks?: (body: unknown, school: SchoolRef) => FieldProblem[]
  maxBodyBytes?: number
  /**
   * The body is a file of megabytes: the request needs an upload slot (upload-slots.ts) before its body is read, kept until
   * it is answered. `{ above }`: only a body past that many bytes (or of no stated length) does, as a form that may carry a
   * document (an absence's doctor's letter) but mostly does not.
   */
  upload?: boolean | { above: number }
  /**
   * Answer JSON in `response`'s shape, or, when this names a media type (`text/csv; charset=utf-8`),
   * a file: the handler returns `fileAnswer(…)` (file-answer.ts), whose name, type and size `response`
   * describes and checks, and the pipeline streams it. A file route is neither kept nor idempotent.
   * A list names the types a route chooses among by its query (the family's download: JSON or CSV).
   */
  produces?: string | readonly string[]
  /** A file route that may answer `302` to the bucket's signed link (`storedFileAnswer`) when files are kept in one. */
  signedLink?: true
  response: R
  /** Success status; 200 unless given. */
  status?: number
  /** Error codes this route answers beyond the ones every route can. */
  errors?: ErrorCode[]
  /**
   * `school-data`: the answer depends only on the school's data and the request, so it is kept until
   * the school's data version changes. Its key is derived here: the route, the validated params and
   * query, the capabilities named in `fieldScopes`, and today in the school's zone when `dependsOnToday`.
   */
  keep?: 'school-data'
  /** The answer changes with the day in the school's zone (`state=open`, "as at today"). */
  dependsOnToday?: boolean
  /** Capabilities that add fields to the answer; a kept answer is keyed by which the caller holds (every capability when not declared). */
  fieldScopes?: readonly Capability[]
  /**
   * `replica`: a heavy read that tolerates a few seconds' lag, read from the read replica when there is one, it is
   * fit, and the caller changed nothing just before (server/domain/shared/read-database.ts, docs/read-replica.md).
   * The handler may then run twice (again on the primary when the replica fails under it), so it only reads.
   */
  readsFrom?: 'replica'
}

/** Where a list continues: the position the previous page ended at, as that list sealed it. */
// Positions were sealed by this very list with these filters, so each list reads back exactly what it wrote.
export type PagePosition = any

/** What a handler receives: the domain's context (so it passes `ctx` straight on) and the request, validated. */
export interface RouteContext<Q extends AnyObject, P extends AnyObject, B extends z.ZodType> extends DomainContext {
  event: H3Event
  principal: Principal
  query: z.output<Q>
  params: z.output<P>
  body: z.output<B>
  /** For lists: the page asked for, its cursor opened. */
  page: { limit: number, after?: PagePosition }
  /** The collection envelope for a page of a list, its `nextCursor` sealed for this list and these filters. */
  pageAnswer: <T>(page: { items: T[], next: readonly unknown[] | null }) => { items: T[], nextCursor: string | null }
}

export type RouteDeclarationOf = RouteDeclaration<AnyObject, AnyObject, z.ZodType, z.ZodType>
/**
 * A route's handler with its declaration. `Answer` is what the handler returned: the pipeline sends it as
 * JSON text, so the handler is typed as answering it, and Nitro's route types (`$fetch`, `useFetch` on
 * the screens) infer the real answer instead of a string.
 */
export type DeclaredRoute<Answer = unknown> = EventHandler<EventHandlerRequest, Promise<Answer>> & { declaration: RouteDeclarationOf, surface: Surface }

const emptyObject = z.strictObject({})

/** Whether the request takes an upload slot: every one of an upload route, or, for `{ above }`, one whose body may be past it. */
function needsUploadSlot(event: H3Event, upload: RouteDeclarationOf['upload']): boolean {
  if (!upload) return false
  if (upload === true) return true
  // The HTTP parser holds a body to its stated length, so a body cannot outgrow a small Content-Length.
  const stated = Number(getRequestHeader(event, 'content-length') ?? Number.NaN)
  return !(stated <= upload.above)
}

/** Checks an answer against its declared schema when the server runs the tests: a stray answer fails loudly. */
function checkAnswer(schema: z.ZodType, answer: unknown) {
  if (runtimeSettings.checkAnswers) {
    const result = schema.safeParse(answer)
    if (!result.success) throw new Error(`The answer does not match its declared schema: ${z.prettifyError(result.error)}`)
  }
}

/** The answer as JSON text, checked against its schema when the server runs the tests. */
function answerText(schema: z.ZodType, answer: unknown): string {
  checkAnswer(schema, answer)
  return JSON.stringify(answer)
}

/** A file route's answer: always a file of the declared type, its description checked, then streamed. */
async function sendDeclaredFile(event: H3Event, declaration: RouteDeclarationOf, answer: unknown) {
  if (isLinkAnswer(answer)) {
    if (!declaration.signedLink) throw new Error('A route answers with a signed link only when it declares signedLink')
    return sendLinkAnswer(event, answer)
  }
  const types = [declaration.produces].flat()
  if (!isFileAnswer(answer) || !types.includes(answer.contentType)) {
    throw new Error(`A route declared to produce ${types.join(' or ')} must answer with fileAnswer(…) of that type`)
  }
  checkAnswer(declaration.response, answer)
  setResponseStatus(event, declaration.status ?? 200)
  await sendFileAnswer(event, answer)
}

/** Keys in a stable order, so one request always makes one key and one cursor binding. */
function canonical(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().map(key => [key, value[key]]).filter(([, item]) => item !== undefined))
}

/** Counts the request against the caller's limit for this endpoint (unless identifying it did), sets the counters, refuses past the limit. */
async function enforceRateLimit(event: H3Event, database: Database, principal: Principal, endpoint: string, limit: number) {
  const counted = principal.counted !== undefined ? principal.counted : await database.minuteCounters.add(rateLimitKey(principal.limitKey, endpoint))
  const verdict = rateLimitVerdict(counted, limit)
  setResponseHeader(event, 'X-RateLimit-Limit', String(verdict.limit))
  setResponseHeader(event, 'X-RateLimit-Remaining', String(verdict.remaining))
  if (!verdict.allowed) {
    throw apiError('rate_limited', [`At most ${verdict.limit} requests a minute; try again in ${verdict.retryAfter} seconds.`], {
      headers: { 'Retry-After': String(verdict.retryAfter) }
    })
  }
}

function enforceCapability(principal: Principal, scope: Capability, tokensIssuedVia: 'rostering' | undefined) {
  assertCapability(principal, scope)
  if (tokensIssuedVia && principal.actor.kind === 'token' && principal.actor.issuedVia !== tokensIssuedVia) {
    throw apiError(
      'forbidden',
      [`This token was not issued through the school's ${tokensIssuedVia} settings; only such a token is accepted here, whatever its scopes.`]
    )
  }
}

/**
 * Defines a route of a surface. Shared code does, in order: identify the caller (401), count it
 * against the rate limit (429), check the school's module (403 `component_off`, the same for every
 * caller) and the capability (403), validate params, query, cursor and body (400, every problem at
 * once), honour `Idempotency-Key`, then call the handler, keeping its answer where declared. A
 * surface is only its `identify` step: nothing here is copied per surface.
 */
export function defineSurfaceRoute<
  R extends z.ZodType,
  Q extends AnyObject = typeof emptyObject,
  P extends AnyObject = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined,
  A extends z.input<R> = z.input<R>
>(surface: Surface, declaration: RouteDeclaration<Q, P, B, R>, handler: (ctx: RouteContext<Q, P, B>) => Promise<A>): DeclaredRoute<A> {
  if (declaration.produces && (declaration.keep || declaration.idempotent)) throw new Error('A file route is neither kept nor idempotent')
  if (declaration.readsFrom && declaration.idempotent) throw new Error('A route read from the replica only reads, so it is not idempotent')
  const limit = enforcedRateLimit(declaration.rateLimit)
  const paged = declaration.query instanceof z.ZodObject && 'cursor' in declaration.query.shape
  const eventHandler = defineEventHandler(async (event) => {
    const database = await useDatabase()
    const route = event.context.matchedRoute?.path ?? event.path
    const endpoint = `${event.method} ${route}`
    const principal = await surface.identify(event, database, endpoint)
    // For the request's log line (its ids only).
    event.context.principal = principal
    await enforceRateLimit(event, database, principal, endpoint, limit)
    if (declaration.module) assertModuleOpen(principal.school, declaration.module, event.method === 'GET' ? 'read' : 'write')
    if (declaration.scope) enforceCapability(principal, declaration.scope, declaration.tokensIssuedVia)
    surface.admit?.(event, principal)

    const params = readParameters(declaration.params ?? emptyObject, routeParameters(event))
    const query = readParameters(declaration.query ?? emptyObject, queryParameters(event))
    const { limit: pageLimit = 100, cursor, ...filters } = (query.value ?? {}) as { limit?: number, cursor?: string }
    const binding = `${surface.name} ${route} ${principal.school.id} ${canonical(filters)}`
    const after = paged && cursor !== undefined ? openCursor(binding, cursor) : undefined
    const cursorProblems = after === null ? cursorRefused().extras.fields! : []
    if (params.malformed.length || query.malformed.length) throw malformedText([...params.malformed, ...query.malformed])
    if (params.problems.length || query.problems.length || cursorProblems.length) {
      throw validationFailed([...params.problems, ...query.problems, ...cursorProblems])
    }

    // Held until the answer is made, whatever happens to the connection: the work holds the memory.
    const releaseUpload = needsUploadSlot(event, declaration.upload) ? takeUploadSlot(principal.school.id) : undefined
    try {
      const body = declaration.body ? await readJsonBody(event, declaration.maxBodyBytes ?? 1_000_000) : undefined
      const ctx: RouteContext<Q, P, B> = {
        database,
        school: principal.school,
        actor: principal.actor,
        capabilities: principal.capabilities,
        event,
        principal,
        params: params.value as z.output<P>,
        query: query.value as z.output<Q>,
        body: (body ? parseBody(declaration, body, principal.school) : undefined) as z.output<B>,
        page: { limit: pageLimit, after: after ?? undefined },
        pageAnswer: page => ({ items: page.items, nextCursor: page.next ? sealCursor(binding, page.next) : null })
      }
      // The kept answer of a replica's read must be of the school's data as of the version it is kept under.
      const answerOf = declaration.readsFrom
        ? () => readLagTolerant(ctx, handler, { lastWriteAt: principal.lastWriteAt, atSchoolVersion: declaration.keep !== undefined })
        : () => handler(ctx)
      if (declaration.produces) return sendDeclaredFile(event, declaration, await answerOf())
      const status = declaration.status ?? 200
      setResponseHeader(event, 'Content-Type', 'application/json')
      const key = declaration.idempotent ? getRequestHeader(event, 'idempotency-key') : undefined
      const told = (text: string) => {
        surface.answered?.({ event, database, principal, scope: declaration.scope, fieldScopes: declaration.fieldScopes, text })
        return text
      }
      if (key === undefined) {
        const answer = declaration.keep
          ? await schoolDataCache.get(
              principal.school, keptAnswerKey(declaration, route, ctx), async () => answerText(declaration.response, await answerOf()),
              text => text.length * 2
            )
          : answerText(declaration.response, await answerOf())
        setResponseStatus(event, status)
        return told(answer)
      }
      return told(await runIdempotently(event, declaration, ctx, key, body, () => handler(ctx)))
    } finally {
      releaseUpload?.()
    }
  })
  return Object.assign(eventHandler, { declaration, surface }) as unknown as DeclaredRoute<A>
}

/**
 * The body as its schema reads it; `bad_request` naming the fields whose text is not what it looks
 * like (shared/plain-text.ts); or `validation_failed` with the reader's, the schema's and the
 * checks' problems together, each told once.
 */
function parseBody(declaration: RouteDeclarationOf, body: { value: unknown, problems: FieldProblem[] }, school: SchoolRef) {
  const parsed = declaration.body!.safeParse(body.value)
  const malformed = parsed.success ? [] : malformedTextProblems(parsed.error)
  if (malformed.length) throw malformedText(malformed)
  const problems = [...body.problems, ...(parsed.success ? [] : fieldProblems(parsed.error)), ...(declaration.bodyChecks?.(body.value, school) ?? [])]
  const told = new Set<string>()
  const distinct = problems.filter(problem => !told.has(`${problem.path}\u0000${problem.message}`) && told.add(`${problem.path}\u0000${problem.message}`))
  if (distinct.length) throw validationFailed(distinct)
  return parsed.data
}

/** Everything a kept answer depends on besides the school's data, whose version the cache checks itself. */
function keptAnswerKey(declaration: RouteDeclarationOf, route: string, ctx: RouteContext<AnyObject, AnyObject, z.ZodType>): string {
  const capabilities = [...ctx.capabilities].filter(scope => !declaration.fieldScopes || declaration.fieldScopes.includes(scope)).sort()
  return [
    'answer', ctx.event.method, route,
    canonical(ctx.params ?? {}), canonical(ctx.query ?? {}),
    capabilities.join(','),
    declaration.dependsOnToday ? todayInZone(ctx.school.timeZone) : ''
  ].join('\u0000')
}

/**
 * Runs a write under its `Idempotency-Key`: the first request does the work and its answer is stored
 * in the work's own transaction; a repeat gets that answer back. Refusals are stored too, except
 * `validation_failed` and `internal`, which a corrected or later retry should be free to redo.
 */
async function runIdempotently(
  event: H3Event, declaration: RouteDeclarationOf, ctx: RouteContext<AnyObject, AnyObject, z.ZodType>, key: string,
  body: { raw: string, value: unknown } | undefined, work: () => Promise<unknown>
) {
  checkIdempotencyKey(key)
  const claim = await claimIdempotencyKey(ctx.database, ctx.principal.limitKey, key, requestFingerprints(event.method, event.path, body))
  if (claim.kind === 'replay') {
    setResponseHeader(event, 'Idempotency-Replayed', 'true')
    setResponseStatus(event, claim.answer.status)
    return claim.answer.body
  }
  const status = declaration.status ?? 200
  let storedWithWork: string | undefined
  ctx.withinWrite = async (tx, result) => {
    const text = answerText(declaration.response, result)
    await claim.storeWithin(tx, { status, body: text })
    storedWithWork = text
  }
  const lease = claim.keepAlive()
  try {
    const answer = answerText(declaration.response, await work())
    if (answer !== storedWithWork) await claim.complete({ status, body: answer })
    setResponseStatus(event, status)
    return answer
  } catch (error) {
    // A claim the work already settled in its transaction is left alone (claim.fail touches only a
    // running one): once the work committed, its answer is the one to replay, whatever failed after.
    const envelope = errorEnvelope(error, traceIdOf(event))
    const kept = envelope.data.code !== 'validation_failed' && envelope.data.code !== 'internal'
    await claim.fail(kept ? { status: envelope.statusCode, body: JSON.stringify(envelope) } : null)
    throw error
  } finally {
    lease.stop()
  }
}
