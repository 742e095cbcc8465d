import { and, asc, count, eq, inArray, isNull, not, or, sql, type Column } from 'drizzle-orm'
import { academicSessions, classes, classMembers, classTerms, courses, people, teachingAssignments } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { inForceOn } from '../days/in-force'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { childrenUnderRestriction, listsRestrictedChildren, underRestriction } from '../access/withholding'

/*
 * The timetable as the screens read it: the same tables the rosters read (roster-snapshot.ts), the
 * school's sessions, courses, classes, and who is in and teaches each class today.
 */

export interface CodePageRequest {
  limit: number
  /** The `[code, id]` of the last row of the previous page. */
  after?: [string, string]
}

export interface NamePageRequest {
  limit: number
  /** The `[nameKey, id]` of the last person of the previous page. */
  after?: [string, string]
}

/** A search typed into a box, as a LIKE pattern that matches it anywhere, its wildcards taken literally, case aside. */
function containsPattern(search: string) {
  return `%${search.toLowerCase().replace(/[\\%_]/g, character => `\\${character}`)}%`
}

function matches(column: Column, search: string) {
  return sql`lower(${column}) like ${containsPattern(search)} escape '\\'`
}

/** The school's years and terms, earliest first: few, so answered whole. */
export async function listAcademicSessions({ database, school }: DomainContext) {
  return database.db
    .select({
      id: academicSessions.id, code: academicSessions.code, title: academicSessions.title, kind: academicSessions.kind,
      startsOn: academicSessions.startsOn, endsOn: academicSessions.endsOn
    })
    .from(academicSessions)
    .where(eq(academicSessions.schoolId, school.id))
    .orderBy(asc(academicSessions.startsOn), asc(academicSessions.code))
}

/** One page of the school's courses by code, with the code of the school year each is taught in; `search` matches code or title. */
export async function listCourses({ database, school }: DomainContext, request: CodePageRequest, filters: { search?: string } = {}) {
  const after = request.after
  const rows = await database.db
    .select({
      id: courses.id, code: courses.code, title: courses.title, subject: courses.subject, yearLevels: courses.yearLevels,
      schoolYear: academicSessions.code
    })
    .from(courses)
    .innerJoin(academicSessions, eq(academicSessions.id, courses.schoolYearId))
    .where(and(
      eq(courses.schoolId, school.id),
      filters.search ? or(matches(courses.code, filters.search), matches(courses.title, filters.search)) : undefined,
      afterPosition(courses.code, courses.id, after)
    ))
    .orderBy(asc(courses.code), asc(courses.id))
    .limit(request.limit + 1)
  return keysetSlice(
    rows, request.limit, ({ yearLevels, ...course }) => ({ ...course, yearLevels: JSON.parse(yearLevels) as string[] }),
    (last): [string, string] => [last.code, last.id]
  )
}

const classColumns = {
  id: classes.id, code: classes.code, title: classes.title, kind: classes.kind, room: classes.room, periods: classes.periods,
  courseCode: courses.code, courseTitle: courses.title
}

/** A page's classes with their terms and, today, how many students are in each and how many staff teach it. */
async function withTermsAndCounts<Row extends { id: string, periods: string }>({ database, school }: DomainContext, rows: Row[]) {
  const ids = rows.map(row => row.id)
  const today = todayInZone(school.timeZone)
  const [terms, members, teachers] = ids.length === 0
    ? [[], [], []]
    : await Promise.all([
        database.db.select({ classId: classTerms.classId, code: academicSessions.code }).from(classTerms)
          .innerJoin(academicSessions, eq(academicSessions.id, classTerms.sessionId))
          .where(and(eq(classTerms.schoolId, school.id), inArray(classTerms.classId, ids)))
          .orderBy(asc(academicSessions.startsOn)),
        database.db.select({ classId: classMembers.classId, count: count() }).from(classMembers)
          .where(and(eq(classMembers.schoolId, school.id), inArray(classMembers.classId, ids), inForceOn(classMembers, today)))
          .groupBy(classMembers.classId),
        database.db.select({ classId: teachingAssignments.classId, count: count() }).from(teachingAssignments)
          .where(and(eq(teachingAssignments.schoolId, school.id), inArray(teachingAssignments.classId, ids), inForceOn(teachingAssignments, today)))
          .groupBy(teachingAssignments.classId)
      ])
  const countOf = (found: { classId: string, count: number }[], id: string) => Number(found.find(row => row.classId === id)?.count ?? 0)
  return rows.map(({ periods, ...row }) => ({
    ...row,
    periods: JSON.parse(periods) as string[],
    terms: terms.filter(term => term.classId === row.id).map(term => term.code),
    members: countOf(members, row.id),
    teachers: countOf(teachers, row.id)
  }))
}

/** One page of the school's classes by code, with their course, terms and today's counts; `search` matches the class's code or title. */
export async function listClasses(ctx: DomainContext, request: CodePageRequest, filters: { search?: string } = {}) {
  const { database, school } = ctx
  const after = request.after
  const rows = await database.db
    .select(classColumns)
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(
      eq(classes.schoolId, school.id),
      filters.search ? or(matches(classes.code, filters.search), matches(classes.title, filters.search)) : undefined,
      afterPosition(classes.code, classes.id, after)
    ))
    .orderBy(asc(classes.code), asc(classes.id))
    .limit(request.limit + 1)
  const page = keysetSlice(rows, request.limit, row => row, (last): [string, string] => [last.code, last.id])
  return { items: await withTermsAndCounts(ctx, page.items), next: page.next }
}

/** `not_found` unless the class is the school's. */
async function requireClass({ database, school }: DomainContext, classId: string) {
  const [row] = await database.db.select(classColumns).from(classes).innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(eq(classes.schoolId, school.id), eq(classes.id, classId)))
  if (!row) throw domainError('not_found', [`No class with the id ${classId}.`])
  return row
}

/** One of the school's classes, with its course, terms and today's counts; `not_found` for a missing one or another school's. */
export async function readClass(ctx: DomainContext, classId: string) {
  const [found] = await withTermsAndCounts(ctx, [await requireClass(ctx, classId)])
  return found!
}

/**
 * One page of the students in a class today, by name. A child under restriction today is listed,
 * marked, only to staff holding `restricted.read`, and left out for anyone else (withholding.ts).
 */
export async function listClassMembers(ctx: DomainContext, classId: string, request: NamePageRequest) {
  const { database, school } = ctx
  const found = await requireClass(ctx, classId)
  const today = todayInZone(school.timeZone)
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  const after = request.after
  const rows = await database.db
    .select({
      personId: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey, validFrom: classMembers.validFrom,
      validTo: classMembers.validTo
    })
    .from(classMembers)
    .innerJoin(people, eq(people.id, classMembers.personId))
    .where(and(
      eq(classMembers.schoolId, school.id),
      eq(classMembers.classId, found.id),
      inForceOn(classMembers, today),
      isNull(people.deletedAt),
      keepsRestricted ? undefined : not(underRestriction(database.db, classMembers.personId, today)),
      afterPosition(people.nameKey, people.id, after)
    ))
    .orderBy(asc(people.nameKey), asc(people.id))
    .limit(request.limit + 1)
  const page = keysetSlice(rows, request.limit, ({ nameKey: _, ...member }) => member, (last): [string, string] => [last.nameKey, last.personId])
  const restricted = keepsRestricted ? await childrenUnderRestriction(ctx, page.items.map(member => member.personId), today) : new Set<string>()
  return { items: page.items.map(member => ({ ...member, restricted: restricted.has(member.personId) })), next: page.next }
}

/** One page of the staff teaching or assisting in a class today, by name. */
export async function listClassTeachers(ctx: DomainContext, classId: string, request: NamePageRequest) {
  const { database, school } = ctx
  const found = await requireClass(ctx, classId)
  const today = todayInZone(school.timeZone)
  const after = request.after
  const rows = await database.db
    .select({
      personId: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey, role: teachingAssignments.role,
      validFrom: teachingAssignments.validFrom, validTo: teachingAssignments.validTo
    })
    .from(teachingAssignments)
    .innerJoin(people, eq(people.id, teachingAssignments.personId))
    .where(and(
      eq(teachingAssignments.schoolId, school.id),
      eq(teachingAssignments.classId, found.id),
      inForceOn(teachingAssignments, today),
      isNull(people.deletedAt),
      afterPosition(people.nameKey, people.id, after)
    ))
    .orderBy(asc(people.nameKey), asc(people.id))
    .limit(request.limit + 1)
  return keysetSlice(rows, request.limit, ({ nameKey: _, ...teacher }) => teacher, (last): [string, string] => [last.nameKey, last.personId])
}
