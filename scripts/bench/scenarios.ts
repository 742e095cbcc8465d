/**
 * What `npm run bench` measures. Add an endpoint by adding a row: the bench issues one token holding
 * every scope the rows ask for, checks each row's answer once, then measures it on every database.
 */
import type { Scope } from '../../server/domain/access/catalogue'
import type { Dialect } from './databases'

export interface Scenario {
  /** Short name for the tables; `--only bookings` also takes `bookings-1c`. */
  name: string
  /** `{key}` is filled from the demo's summary, such as `{openDayTourId}`. */
  path: string
  /** A JSON body makes the row a POST of it, sent without an Idempotency-Key, so every request does the work. */
  body?: unknown
  /** Connections for this row, where it differs from the bench's. */
  connections?: number
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
  {
    name: 'tours',
    path: '/api/v1/tours',
    scope: 'tour.read',
    check: body => Array.isArray(body?.tours) && body.tours.length > 0 ? undefined : 'expected upcoming tours'
  },
  { name: 'starters', path: '/api/v1/starters?limit=100', scope: 'starter.read', check: fullPage(100) },
  // Every booking is a write under the school's lock: its rate is the school's write rate, not a read's.
  ...[1, 10].map(connections => ({
    name: connections === 10 ? 'bookings' : `bookings-${connections}c`,
    path: '/api/v1/tours/{openDayTourId}/bookings',
    scope: 'tour.book' as const,
    body: { student: { familyName: 'Bench', givenNames: 'Child' }, enquirer: { familyName: 'Bench', givenNames: 'Parent', email: 'bench@example.org' } },
    connections,
    check: (body: any) => typeof body?.enquiryId === 'string' ? undefined : 'expected a booking receipt',
    p99TargetMs: Infinity
  })),
  ...(['oneroster', 'sds'] as const).map(format => ({
    name: format, path: `/api/v1/roster/${format}`, scope: 'roster.read' as const, rostering: true, p50TargetMs: 300, p99TargetMs: Infinity,
    check: (body: any) => body?.files?.length === 7 && body.counts?.students + body.counts?.withheld >= 2000 ? undefined : 'expected seven files and the whole school'
  }))
]

/** Every row's p99 latency should stay under this at the bench's concurrency. */
export const p99TargetMs = 10

/** The demo school every row reads from. */
export const demoStudents = 2000
