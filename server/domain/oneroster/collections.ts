import { and, asc, count, eq, gte, inArray } from 'drizzle-orm'
import { onerosterObjects } from '../../../db/schema'
import { slicesOf } from '../../../db/id-slices'
import type { OneRosterObjectKind } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import type { ClassFacts, EnrollmentFacts, FactsOf, SessionFacts, UserFacts } from './roster-facts'
import type { BindingVersion, ServedObject } from './render-objects'

type Params = Record<string, string>

/**
 * One operation of a binding: its path under the base, the kind it serves, the wrapper its answer
 * goes in (`{"users": […]}` for a collection, `{"user": {…}}` for one object), which of the kind's
 * objects it holds, and the objects its path names that must exist (a class's students: the class).
 */
export interface Operation<K extends OneRosterObjectKind = OneRosterObjectKind> {
  path: string
  kind: K
  wrapper: string
  /** By sourcedId: the path's last parameter names the one object served. */
  one?: boolean
  versions: readonly BindingVersion[]
  /** Users of one role only: read by the role's index. */
  role?: 'student' | 'teacher'
  only?: (facts: FactsOf[K], params: Params) => boolean
  /** The objects the path names, each by its parameter: each must be served, or the answer is `unknownobject`. */
  named?: { param: string, kind: OneRosterObjectKind, only?: (facts: never) => boolean }[]
  /** The sourcedIds the collection is limited to, read through the enrolments. */
  within?: (ctx: DomainContext, params: Params) => Promise<string[]>
}

const both = ['1.2', '1.1'] as const
const isStudent = (facts: UserFacts) => facts.role === 'student'
const isTeacher = (facts: UserFacts) => facts.role === 'teacher'
const isTerm = (facts: SessionFacts) => facts.type === 'term'
const never = () => false

/** The users of a class in a role, through its enrolments in force (not those that left). */
async function classMembers(ctx: DomainContext, classId: string, role: 'student' | 'teacher'): Promise<string[]> {
  const rows = await ctx.database.db.select({ body: onerosterObjects.body }).from(onerosterObjects).where(and(
    eq(onerosterObjects.schoolId, ctx.school.id), eq(onerosterObjects.kind, 'enrollment'), eq(onerosterObjects.classSourcedId, classId),
    eq(onerosterObjects.status, 'active')
  ))
  return rows.map(row => JSON.parse(row.body) as EnrollmentFacts).filter(facts => facts.role === role).map(facts => facts.userId)
}

/** The classes a user is enrolled in, through their enrolments in force. */
async function classesOfUser(ctx: DomainContext, userId: string): Promise<string[]> {
  const rows = await ctx.database.db.select({ classId: onerosterObjects.classSourcedId }).from(onerosterObjects).where(and(
    eq(onerosterObjects.schoolId, ctx.school.id), eq(onerosterObjects.kind, 'enrollment'), eq(onerosterObjects.userSourcedId, userId),
    eq(onerosterObjects.status, 'active')
  ))
  return rows.map(row => row.classId!)
}

const school = { param: 'schoolSourcedId', kind: 'org' } as const
const classNamed = { param: 'classSourcedId', kind: 'class' } as const

function operation<K extends OneRosterObjectKind>(definition: Operation<K>): Operation {
  return definition as unknown as Operation
}

/**
 * Every read the service answers, for both bindings unless marked. Demographics and grading periods
 * are listed apart (demographics are never served; Rollbook keeps no grading periods).
 */
export const operations: Operation[] = [
  operation({ path: '/orgs', kind: 'org', wrapper: 'orgs', versions: both }),
  operation({ path: '/orgs/{sourcedId}', kind: 'org', wrapper: 'org', one: true, versions: both }),
  operation({ path: '/schools', kind: 'org', wrapper: 'orgs', versions: both }),
  operation({ path: '/schools/{sourcedId}', kind: 'org', wrapper: 'org', one: true, versions: both }),
  operation({ path: '/academicSessions', kind: 'academicSession', wrapper: 'academicSessions', versions: both }),
  operation({ path: '/academicSessions/{sourcedId}', kind: 'academicSession', wrapper: 'academicSession', one: true, versions: both }),
  operation({ path: '/terms', kind: 'academicSession', wrapper: 'academicSessions', versions: both, only: isTerm }),
  operation({ path: '/terms/{sourcedId}', kind: 'academicSession', wrapper: 'academicSession', one: true, versions: both, only: isTerm }),
  operation({ path: '/gradingPeriods', kind: 'academicSession', wrapper: 'academicSessions', versions: both, only: never }),
  operation({ path: '/gradingPeriods/{sourcedId}', kind: 'academicSession', wrapper: 'academicSession', one: true, versions: both, only: never }),
  operation({ path: '/courses', kind: 'course', wrapper: 'courses', versions: both }),
  operation({ path: '/courses/{sourcedId}', kind: 'course', wrapper: 'course', one: true, versions: both }),
  operation({ path: '/classes', kind: 'class', wrapper: 'classes', versions: both }),
  operation({ path: '/classes/{sourcedId}', kind: 'class', wrapper: 'class', one: true, versions: both }),
  operation({ path: '/users', kind: 'user', wrapper: 'users', versions: both }),
  operation({ path: '/users/{sourcedId}', kind: 'user', wrapper: 'user', one: true, versions: both }),
  operation({ path: '/students', kind: 'user', wrapper: 'users', versions: both, role: 'student' }),
  operation({ path: '/students/{sourcedId}', kind: 'user', wrapper: 'user', one: true, versions: both, role: 'student' }),
  operation({ path: '/teachers', kind: 'user', wrapper: 'users', versions: both, role: 'teacher' }),
  operation({ path: '/teachers/{sourcedId}', kind: 'user', wrapper: 'user', one: true, versions: both, role: 'teacher' }),
  operation({ path: '/enrollments', kind: 'enrollment', wrapper: 'enrollments', versions: both }),
  operation({ path: '/enrollments/{sourcedId}', kind: 'enrollment', wrapper: 'enrollment', one: true, versions: both }),

  operation({ path: '/schools/{schoolSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: both, named: [school] }),
  operation({ path: '/schools/{schoolSourcedId}/courses', kind: 'course', wrapper: 'courses', versions: both, named: [school] }),
  operation({ path: '/schools/{schoolSourcedId}/enrollments', kind: 'enrollment', wrapper: 'enrollments', versions: both, named: [school] }),
  operation({ path: '/schools/{schoolSourcedId}/students', kind: 'user', wrapper: 'users', versions: both, named: [school], role: 'student' }),
  operation({ path: '/schools/{schoolSourcedId}/teachers', kind: 'user', wrapper: 'users', versions: both, named: [school], role: 'teacher' }),
  operation({ path: '/schools/{schoolSourcedId}/terms', kind: 'academicSession', wrapper: 'academicSessions', versions: both, named: [school], only: isTerm }),
  operation({
    path: '/schools/{schoolSourcedId}/classes/{classSourcedId}/enrollments', kind: 'enrollment', wrapper: 'enrollments', versions: both,
    named: [school, classNamed], only: (facts: EnrollmentFacts, params) => facts.classId === params.classSourcedId
  }),
  operation({
    path: '/schools/{schoolSourcedId}/classes/{classSourcedId}/students', kind: 'user', wrapper: 'users', versions: both, named: [school, classNamed],
    within: (ctx, params) => classMembers(ctx, params.classSourcedId!, 'student')
  }),
  operation({
    path: '/schools/{schoolSourcedId}/classes/{classSourcedId}/teachers', kind: 'user', wrapper: 'users', versions: both, named: [school, classNamed],
    within: (ctx, params) => classMembers(ctx, params.classSourcedId!, 'teacher')
  }),
  operation({
    path: '/classes/{classSourcedId}/students', kind: 'user', wrapper: 'users', versions: both, named: [classNamed],
    within: (ctx, params) => classMembers(ctx, params.classSourcedId!, 'student')
  }),
  operation({
    path: '/classes/{classSourcedId}/teachers', kind: 'user', wrapper: 'users', versions: both, named: [classNamed],
    within: (ctx, params) => classMembers(ctx, params.classSourcedId!, 'teacher')
  }),
  operation({
    path: '/terms/{termSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: both,
    named: [{ param: 'termSourcedId', kind: 'academicSession', only: isTerm }],
    only: (facts: ClassFacts, params) => facts.termIds.includes(params.termSourcedId!)
  }),
  operation({
    path: '/terms/{termSourcedId}/gradingPeriods', kind: 'academicSession', wrapper: 'academicSessions', versions: both,
    named: [{ param: 'termSourcedId', kind: 'academicSession', only: isTerm }], only: never
  }),
  operation({
    path: '/courses/{courseSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: both, named: [{ param: 'courseSourcedId', kind: 'course' }],
    only: (facts: ClassFacts, params) => facts.courseId === params.courseSourcedId
  }),
  operation({
    path: '/students/{studentSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: both,
    named: [{ param: 'studentSourcedId', kind: 'user', only: isStudent }], within: (ctx, params) => classesOfUser(ctx, params.studentSourcedId!)
  }),
  operation({
    path: '/teachers/{teacherSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: both,
    named: [{ param: 'teacherSourcedId', kind: 'user', only: isTeacher }], within: (ctx, params) => classesOfUser(ctx, params.teacherSourcedId!)
  }),
  operation({
    path: '/users/{userSourcedId}/classes', kind: 'class', wrapper: 'classes', versions: ['1.2'],
    named: [{ param: 'userSourcedId', kind: 'user' }], within: (ctx, params) => classesOfUser(ctx, params.userSourcedId!)
  })
]

/** Paths the binding lists that Rollbook never serves: every answer is `unknownobject` (docs/rosters.md). */
export const unservedPaths = ['/demographics', '/demographics/{sourcedId}']

/** The operation a path under the base names, with its parameters; null for none. */
export function matchOperation(version: BindingVersion, segments: readonly string[]): { operation: Operation, params: Params } | null {
  for (const candidate of operations) {
    if (!candidate.versions.includes(version)) continue
    const params = matchTemplate(candidate.path, segments)
    if (params) return { operation: candidate, params }
  }
  return null
}

export function matchTemplate(template: string, segments: readonly string[]): Params | null {
  const parts = template.split('/').slice(1)
  if (parts.length !== segments.length) return null
  const params: Params = {}
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!
    if (part.startsWith('{')) {
      if (!segment) return null
      params[part.slice(1, -1)] = segment
    } else if (part !== segment) {
      return null
    }
  }
  return params
}

type Row = { sourcedId: string, status: 'active' | 'tobedeleted', dateLastModified: string, body: string }

const columns = {
  sourcedId: onerosterObjects.sourcedId, status: onerosterObjects.status, dateLastModified: onerosterObjects.dateLastModified, body: onerosterObjects.body
}

function servedObjectsOf<K extends OneRosterObjectKind>(kind: K, rows: Row[]): ServedObject<K>[] {
  return rows.map(row => ({
    kind, sourcedId: row.sourcedId, status: row.status, dateLastModified: row.dateLastModified, facts: JSON.parse(row.body) as FactsOf[K]
  }))
}

const ofKind = (ctx: DomainContext, kind: OneRosterObjectKind, role?: string) =>
  and(eq(onerosterObjects.schoolId, ctx.school.id), eq(onerosterObjects.kind, kind), role ? eq(onerosterObjects.role, role) : undefined)

/** The school's kept objects of a kind (and role), in sourcedId order: all, those named, or those changed since an instant. */
export async function readServedObjects<K extends OneRosterObjectKind>(
  ctx: DomainContext, kind: K, limits: { sourcedIds?: readonly string[], changedSince?: string | null, role?: string } = {}
): Promise<ServedObject<K>[]> {
  const db = ctx.database.db
  const where = ofKind(ctx, kind, limits.role)
  if (limits.sourcedIds) {
    const rows: Row[] = []
    for (const slice of slicesOf([...new Set(limits.sourcedIds)])) {
      rows.push(...await db.select(columns).from(onerosterObjects).where(and(where, inArray(onerosterObjects.sourcedId, slice))))
    }
    return servedObjectsOf(kind, rows.sort((a, b) => a.sourcedId < b.sourcedId ? -1 : a.sourcedId > b.sourcedId ? 1 : 0))
  }
  const since = limits.changedSince ? gte(onerosterObjects.dateLastModified, limits.changedSince) : undefined
  return servedObjectsOf(kind, await db.select(columns).from(onerosterObjects).where(and(where, since)).orderBy(asc(onerosterObjects.sourcedId)))
}

/**
 * One page of a kind's objects (and role) in sourcedId order, and how many there are: for a collection
 * asked with no filter or sort, the database pages it, so a page of 10,000 of 40,000 users parses
 * 10,000 objects, not 40,000.
 */
export async function readServedPage<K extends OneRosterObjectKind>(
  ctx: DomainContext, kind: K, role: string | undefined, page: { limit: number, offset: number }
): Promise<{ objects: ServedObject<K>[], total: number }> {
  const db = ctx.database.db
  const where = ofKind(ctx, kind, role)
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(onerosterObjects).where(where),
    db.select(columns).from(onerosterObjects).where(where).orderBy(asc(onerosterObjects.sourcedId)).limit(page.limit).offset(page.offset)
  ])
  return { objects: servedObjectsOf(kind, rows), total: Number(counted[0]!.total) }
}
