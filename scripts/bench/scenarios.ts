/**
 * What `npm run bench` measures. Add an endpoint by adding a row: the bench issues one token holding
 * every scope the rows ask for, checks each row's answer once, then measures it on every database.
 */
import type { Scope } from '../../server/domain/access/catalogue'
import type { Dialect } from './databases'
import { demoFamilyNames, demoGivenNames } from '../../server/domain/setup/demo/demo-names'
import { consentAnswerRows } from './consent-answers'
import { dataCheckRows } from './data-check'
import { rosterFileCounts } from './roster-afresh'
import { rosterFormats } from '../../shared/vocabulary'

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
  /** Further scopes the row's answer depends on (the events feed gives only the kinds the token's scopes reach). */
  alsoScopes?: Scope[]
  /** Sent with a token issued through the rostering settings, as the roster routes require. */
  rostering?: boolean
  /** A screens' row: sent with an administrator's session cookie (signed in by a one-time link), not a token. */
  session?: boolean
  /** A portal row: sent with the demo's first family parent's session cookie (invited by the CLI). */
  family?: boolean
  /** Read from the large school (`largeStudents` students and their families) instead of the demo school. */
  large?: boolean
  /**
   * The path of the `n`th request, for a row that must not be answered from the kept answers (a search
   * typed once): each request asks something the server has not kept. `path` is the one checked first.
   */
  pathOf?: (n: number) => string
  /** Checks one answer before the run, so a bench never measures a fast error page. */
  check?: (body: any) => string | undefined
  /** Further request headers (the bench-mode switch that leaves receipts uncounted). */
  headers?: Record<string, string>
  /** Lowest acceptable rate as a share of another row's, measured in the same run. */
  minShareOfRow?: { name: string, share: number }
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
    minShareOfHello: { sqlite: 0.20, postgresql: 0.10 },
    // Counting each read person's receipt costs at most a tenth of the page's rate (docs/receipts.md).
    minShareOfRow: { name: 'people-noreceipts', share: 0.9 }
  },
  {
    name: 'people-noreceipts',
    path: '/api/v1/people?limit=100',
    scope: 'person.read',
    headers: { 'x-rollbook-bench-receipts': 'off' },
    check: fullPage(100)
  },
  // A 2,000-student school with ten years of history answers a 1000-item page in under 50 ms at p50.
  { name: 'affiliations', path: '/api/v1/affiliations?limit=1000', scope: 'affiliation.read', check: fullPage(1000), p50TargetMs: 50, p99TargetMs: Infinity },
  {
    name: 'open-roll', path: '/api/v1/affiliations?limit=1000&state=open', scope: 'affiliation.read', check: fullPage(1000), p50TargetMs: 50,
    p99TargetMs: Infinity
  },
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
  // The events feed's first page: the school's oldest 1,000 changes of the kinds the bench token's scopes reach.
  {
    name: 'events',
    path: '/api/v1/events?limit=1000',
    scope: 'event.read',
    alsoScopes: ['person.read', 'affiliation.read', 'billing.read'],
    check: body =>
      Array.isArray(body?.items) && body.items.length === 1000 && typeof body.nextCursor === 'string' ? undefined : 'expected 1,000 changes and a cursor',
    p50TargetMs: 50,
    p99TargetMs: Infinity
  },
  // The screens' own routes, with a session cookie, at the large school (issue 22's bench).
  ...screenRows(),
  // The family portal's front page and a child's page (issue 35): every request asks the adult's standing
  // afresh for each child (responsibility, applications, restrictions), as a family's phone does.
  ...portalRows(),
  // The office's answers to an ask over the demo school's 2,000 children (issue 24); the messages row is scripts/bench/messages.ts.
  ...consentAnswerRows,
  // The office's progress of a whole-school data check, per class (issue 40).
  ...dataCheckRows,
  ...rosterFormats.map(format => ({
    name: format, path: `/api/v1/roster/${format}`, scope: 'roster.read' as const, rostering: true, p50TargetMs: 300, p99TargetMs: Infinity,
    check: (body: any) => body?.files?.length === rosterFileCounts[format] && body.counts?.students + body.counts?.withheld >= 2000
      ? undefined
      : `expected ${rosterFileCounts[format]} files and the whole school`
  }))
]

/**
 * A search as someone types it, different for every request: a demo family name's first letters, or a
 * given name and the first letters of a family name, with its case and spaces varied, so each is a
 * new request to the server (the kept answers are keyed by the query as sent) doing the same work.
 */
function typedSearch(n: number): string {
  const family = demoFamilyNames[n % demoFamilyNames.length]!
  const given = demoGivenNames[Math.floor(n / demoFamilyNames.length) % demoGivenNames.length]!
  const typed = n % 2 ? family.slice(0, 3 + (n % 4)) : `${given} ${family.slice(0, 2)}`
  const round = Math.floor(n / (demoFamilyNames.length * demoGivenNames.length))
  const cased = round % 2 ? typed.toUpperCase() : typed.toLowerCase()
  return encodeURIComponent(`${' '.repeat(round % 100)}${cased}`)
}

/** The office screens' rows (issue 22): the directory's first page, a name search typed afresh each request, and a person's record. */
function screenRows(): Scenario[] {
  const directoryTargets = { p50TargetMs: 50, p99TargetMs: 150, session: true, large: true }
  return [
    {
      name: 'directory',
      path: '/api/app/people?limit=50',
      check: fullPage(50),
      minShareOfHello: { sqlite: 0.10, postgresql: 0 },
      ...directoryTargets
    },
    {
      name: 'dir-search',
      path: `/api/app/people?limit=50&search=${typedSearch(1)}`,
      pathOf: n => `/api/app/people?limit=50&search=${typedSearch(n)}`,
      check: body => Array.isArray(body?.items) && body.items.length > 0 ? undefined : 'expected people found by name',
      ...directoryTargets
    },
    {
      // A current student's whole record as the page first asks for it (names, spans, family both ways,
      // billing, applications, ids): nothing kept, every request reads it afresh.
      name: 'person-record',
      path: '/api/app/people/{largePersonId}',
      check: body => typeof body?.person?.id === 'string' && Array.isArray(body?.affiliations) ? undefined : 'expected a person\'s record',
      ...directoryTargets
    }
    // The applications board's rows are measured by scripts/bench/admissions-board.ts (`--only admissions-board`).
  ]
}

/** The portal's rows: its front page (the children the adult may see today) and the first child's page. */
function portalRows(): Scenario[] {
  const portalTargets = { family: true, p50TargetMs: 50, p99TargetMs: Infinity }
  return [
    {
      name: 'portal-home',
      path: '/api/app/portal',
      check: body => Array.isArray(body?.children) && body.children.length > 0 ? undefined : 'expected the family\'s children',
      ...portalTargets
    },
    {
      name: 'portal-child',
      path: '/api/app/portal/children/{portalChildId}',
      check: body => typeof body?.child?.id === 'string' ? undefined : 'expected a child\'s page',
      ...portalTargets
    }
  ]
}

/** Every row's p99 latency should stay under this at the bench's concurrency. */
export const p99TargetMs = 10

/** The demo school every row reads from. */
export const demoStudents = 2000

/** The large school the screens' rows read from: with their families, about 50,000 people. */
export const largeStudents = 20_000
