/**
 * What `npm run bench` measures. Add an endpoint by adding a row: the bench issues one token holding
 * every scope the rows ask for, checks each row's answer once, then measures it on every database.
 */
import type { Scope } from '../../server/domain/tokens/scopes'
import type { Dialect } from './databases'

export interface Scenario {
  /** Short name for the tables. */
  name: string
  path: string
  /** Scope the bearer token needs; a row without one is sent without a token. */
  scope?: Scope
  /** Sent with a token issued through the rostering settings, as the roster routes require. */
  rostering?: boolean
  /** Checks one answer before the run, so a bench never measures a fast error page. */
  check?: (body: any) => string | undefined
  /** Lowest acceptable rate as a share of the `hello` row's, per database. */
  minShareOfHello?: Record<Dialect, number>
  /** Highest acceptable median latency, where a row has a target of its own. */
  p50TargetMs?: number
  /** Highest acceptable p99 latency; `p99TargetMs` below unless a row says otherwise. */
  p99TargetMs?: number
}

/** The server's floor: no database, no auth, a tiny JSON answer. Every other row is compared with it. */
export const helloScenario: Scenario = {
  name: 'hello',
  path: '/api/hello',
  check: body => body?.hello === 'world' ? undefined : 'no {"hello":"world"}'
}

const fullPage = (size: number) => (body: any) => Array.isArray(body?.items) && body.items.length === size && typeof body.nextCursor === 'string'
  ? undefined
  : `expected a page of ${size} items with a nextCursor`

export const scenarios: Scenario[] = [
  helloScenario,
  {
    name: 'people',
    path: '/api/v1/people?limit=100',
    scope: 'person.read',
    check: fullPage(100),
    minShareOfHello: { sqlite: 0.20, postgresql: 0.10 }
  },
  // A 2,000-student school with ten years of history answers a 1000-item page in under 50 ms at p50.
  { name: 'affiliations', path: '/api/v1/affiliations?limit=1000', scope: 'affiliation.read', check: fullPage(1000), p50TargetMs: 50, p99TargetMs: Infinity },
  { name: 'open-roll', path: '/api/v1/affiliations?limit=1000&state=open', scope: 'affiliation.read', check: fullPage(1000), p50TargetMs: 50, p99TargetMs: Infinity },
  { name: 'alumni', path: '/api/v1/alumni?limit=1000', scope: 'affiliation.read', check: fullPage(1000), p50TargetMs: 50, p99TargetMs: Infinity },
  ...(['oneroster', 'sds'] as const).map(format => ({
    name: format, path: `/api/v1/roster/${format}`, scope: 'roster.read' as const, rostering: true, p50TargetMs: 300, p99TargetMs: Infinity,
    check: (body: any) => body?.files?.length === 7 && body.counts?.students + body.counts?.withheld >= 2000 ? undefined : 'expected seven files and the whole school'
  }))
]

/** Every row's p99 latency should stay under this at the bench's concurrency. */
export const p99TargetMs = 10

/** The demo school every row reads from. */
export const demoStudents = 2000
