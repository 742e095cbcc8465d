import type { H3Event } from 'h3'
import type { Database } from '../../db/client'
import type { MinuteCount } from '../../db/minute-counters'
import type { SchoolRef } from '../domain/shared/school-ref'
import type { Access } from '../domain/access/access'

/**
 * Who is calling, whatever the surface: the pipeline runs on this alone. Its access is what `accessFor`
 * (server/domain/access/access.ts) made of the caller.
 */
export interface Principal extends Access {
  school: SchoolRef
  /** What rate limits and idempotency keys are counted and kept under: a token's id, later a session's account. */
  limitKey: string
  /**
   * This request's count against its rate limit (`rateLimitKey(limitKey, endpoint)`), where the surface
   * took it in the same statement as it identified the caller (bearer tokens on PostgreSQL); null when
   * the counters were too busy. Absent, the pipeline counts the request itself.
   */
  counted?: MinuteCount | null
  /** When the session or token last changed the school's data (kept with a read replica only): its reads stay on the primary a while after. */
  lastWriteAt?: string | null
}

/**
 * One way in: `/api/v1` identifies bearer tokens, `/api/app` (with sign-in) sessions. A surface is
 * its name and its `identify` step; everything else about a request is the pipeline's, written once
 * (route-pipeline.ts).
 */
export interface Surface {
  name: string
  /**
   * The caller, or a refusal (`unauthenticated`, `rate_limited` for a client that keeps failing).
   * `endpoint` (method and route) is what the request is counted under with the caller, for a surface
   * that counts it while identifying.
   */
  identify: (event: H3Event, database: Database, endpoint: string) => Promise<Principal>
  /**
   * What the surface asks of an identified caller who holds the route's capability (a recent
   * passkey proof, say), or a refusal; run after the capability check.
   */
  admit?: (event: H3Event, principal: Principal) => void
  /** Told every JSON answer the surface gives a caller, after it is made: `/api/v1` counts its data-access receipts. */
  answered?: (
    answer: { event: H3Event, database: Database, principal: Principal, scope: string | undefined, fieldScopes: readonly string[] | undefined, text: string }
  ) => void
}
