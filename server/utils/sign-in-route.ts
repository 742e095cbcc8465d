import { defineEventHandler, setResponseHeader, type EventHandler, type EventHandlerRequest, type H3Event } from 'h3'
import ipaddr from 'ipaddr.js'
import type { z } from 'zod'
import type { Database } from '../../db/client'
import { inputRefusal } from '../domain/shared/domain-error'
import { clientAddress } from './client-address'
import { useDatabase } from './database'
import { apiError } from './errors'
import { consumeRateLimit } from './rate-limit'
import { readJsonBody } from './request-body'
import { enforcedRateLimit } from './runtime-settings'
import { refuseCrossSiteChange } from './same-origin'

export interface SignInRouteDeclaration<B extends z.ZodType> {
  summary: string
  /** Requests per client address per clock minute, counted in the database like every other limit. */
  perAddressPerMinute: number
  body: B
}

/**
 * Who is asking, for what sign-in counts per client: the client's address (`clientAddress`: the peer's,
 * or what a trusted proxy reports), an IPv6 one by its /64 (one household or phone holds a whole /64,
 * so its addresses are one client, not millions).
 */
export function signInClientOf(event: H3Event): string {
  const address = clientAddress(event)
  if (!address || !ipaddr.isValid(address)) return 'unknown'
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  return `${(parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`
}

/**
 * What every sign-in request passes before its body is read, whether the screens' script or the form without script
 * sent it: the same-origin check, then a limit per client address on `route`, counted in the database like every
 * other limit. The form's posts are counted under the JSON routes' names, so the two ways share one limit.
 * Answers the client (signInClientOf).
 */
export async function admitSignIn(event: H3Event, database: Database, route: string, perAddressPerMinute: number): Promise<string> {
  refuseCrossSiteChange(event)
  const client = signInClientOf(event)
  const verdict = await consumeRateLimit(database, `address ${client} ${event.method} ${route}`, enforcedRateLimit(perAddressPerMinute))
  setResponseHeader(event, 'X-RateLimit-Limit', String(verdict.limit))
  setResponseHeader(event, 'X-RateLimit-Remaining', String(verdict.remaining))
  if (!verdict.allowed) {
    throw apiError(
      'rate_limited', [`Too many sign-in requests from this address; try again in ${verdict.retryAfter} seconds.`],
      { headers: { 'Retry-After': String(verdict.retryAfter) } }
    )
  }
  return client
}

/** Requests per client address per minute for asking for a code and for answering it, by the screens' script or the form. */
export const signInLimits = { codeRequest: 30, codeVerify: 20 } as const

/**
 * Defines a route a caller uses before there is a session (asking for a code, answering it,
 * following a link, a passkey sign-in). It has no principal to count or check, so the pipeline's
 * identify-first order does not fit; it keeps the rest of it: the same-origin check, a limit per
 * client address (`clientAddress`: the peer's, or what a trusted proxy reports), the bounded JSON body and validation
 * with field paths, and the error envelope.
 */
export function defineSignInRoute<B extends z.ZodType, Answer>(
  declaration: SignInRouteDeclaration<B>,
  handler: (ctx: { event: H3Event, database: Database, client: string, body: z.output<B> }) => Promise<Answer>
): EventHandler<EventHandlerRequest, Promise<Answer>> {
  // Sent as JSON text, but typed as the handler's answer, so Nitro's route types give the screens what they receive.
  const eventHandler = defineEventHandler(async (event) => {
    const database = await useDatabase()
    const client = await admitSignIn(event, database, event.context.matchedRoute?.path ?? event.path, declaration.perAddressPerMinute)
    const { value } = await readJsonBody(event, 64_000)
    const parsed = declaration.body.safeParse(value)
    if (!parsed.success) throw inputRefusal(parsed.error)
    const answer = await handler({ event, database, client, body: parsed.data })
    setResponseHeader(event, 'Content-Type', 'application/json')
    return JSON.stringify(answer)
  })
  return eventHandler as unknown as EventHandler<EventHandlerRequest, Promise<Answer>>
}
