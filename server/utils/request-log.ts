import type { H3Event } from 'h3'
import { loggable, logger } from '../domain/shared/log'
import { countAnswer } from './metrics'
import type { Principal } from './principal'
import { traceIdOf } from './trace'

/**
 * The route a request matched as its template (`/api/v1/people/:id`), never the path it was sent to:
 * ids and filters stay out of the log, and so does whatever a client puts in a path.
 */
export function routeTemplateOf(event: H3Event): string {
  return loggable(event.context.matchedRoute?.path ?? 'unmatched')
}

/** The caller's ids as the log may name them: the school and the token or staff account, never who they are. */
function callerOf(event: H3Event): { schoolId?: string, tokenId?: string, accountId?: string } {
  const principal = event.context.principal as Principal | undefined
  if (!principal) return {}
  const { actor } = principal
  return {
    schoolId: principal.school.id,
    tokenId: actor.kind === 'token' ? actor.tokenId : undefined,
    accountId: actor.kind === 'staff' || actor.kind === 'family' ? actor.accountId : undefined
  }
}

/**
 * One structured line per answered request on the API side: the route template, never the path; the
 * trace id an error answer quoted; the caller's ids; a fault's class and message, never its data. The
 * same answer is counted in the metrics (server/utils/metrics.ts).
 */
export function logAnswer(event: H3Event, refusal?: { code: string, fault?: string }) {
  const startedAt = event.context.startedAt as number | undefined
  const status = event.node.res.statusCode
  const route = routeTemplateOf(event)
  const durationMs = startedAt === undefined ? undefined : Math.round((performance.now() - startedAt) * 10) / 10
  const line = {
    traceId: traceIdOf(event),
    method: event.method,
    route,
    status,
    code: refusal?.code,
    durationMs,
    ...callerOf(event),
    fault: refusal?.fault
  }
  if (status >= 500) logger.error(line, 'request')
  else logger.info(line, 'request')
  countAnswer({ method: event.method, route, status, seconds: (durationMs ?? 0) / 1000, refused: refusal?.code })
}
