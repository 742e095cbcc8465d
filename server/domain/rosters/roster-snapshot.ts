import { and, eq, inArray, isNull } from 'drizzle-orm'
import {
  academicSessions, affiliations, classes, classMembers, classTerms, courses, loginNames, people, teachingAssignments, type AcademicSessionKind,
  type ClassKind, type TeachingRole
} from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { inForceOn, isInForceOn } from '../days/in-force'
import { childrenUnderRestrictionAt } from '../access/withholding'
import { compareText } from '../shared/compare-text'

export interface RosterSession { id: string, title: string, kind: AcademicSessionKind, parentId: string | null, startsOn: string, endsOn: string }
export interface RosterCourse { id: string, code: string, title: string, subject: string | null, yearLevels: string[], schoolYearId: string }
export interface RosterClass {
  id: string
  code: string
  title: string
  kind: ClassKind
  room: string | null
  periods: string[]
  courseId: string
  termIds: string[]
}
export interface RosterPerson { id: string, familyName: string, givenNames: string, loginName: string | null, yearLevel: string | null }
export interface RosterEnrolment { classId: string, personId: string, role: 'student' | TeachingRole }

/** Who and what a roster holds on one day, before any file format: the same for OneRoster and SDS. */
export interface RosterSnapshot {
  day: string
  school: { id: string, name: string }
  sessions: RosterSession[]
  courses: RosterCourse[]
  classes: RosterClass[]
  students: RosterPerson[]
  staff: RosterPerson[]
  enrolments: RosterEnrolment[]
  /** Current students left out, with their enrolments: an open protection flag or a court order in force. */
  withheld: number
}

const byId = <T extends { id: string }>(a: T, b: T) => compareText(a.id, b.id)

/**
 * The roster as of `day` in the school's zone: each current student (less those withheld), each
 * staff member in force who teaches or assists a class running that day, each such class (one of its
 * terms takes in the day) and its course, the sessions they refer to, and who is in each class. Every
 * list is in id order, so two runs over the same data give the same files.
 */
export async function readRosterSnapshot({ database, school }: DomainContext, day: string): Promise<RosterSnapshot> {
  const db = database.db
  // Every set below is a subquery, never a list of ids: a school of 40,000 students would otherwise
  // bind more values than SQLite (32,766) or PostgreSQL (65,535) takes in one statement.
  const runningClassIds = db.selectDistinct({ id: classTerms.classId }).from(classTerms)
    .innerJoin(academicSessions, eq(academicSessions.id, classTerms.sessionId))
    .where(and(eq(classTerms.schoolId, school.id), inForceOn({ validFrom: academicSessions.startsOn, validTo: academicSessions.endsOn }, day)))
  const teacherIds = db.select({ id: teachingAssignments.personId }).from(teachingAssignments)
    .where(and(eq(teachingAssignments.schoolId, school.id), inArray(teachingAssignments.classId, runningClassIds), inForceOn(teachingAssignments, day)))
  // By the person alone (the key, one row at most; the person is this school's through the affiliation):
  // with a school condition too, SQLite statistics gathered while the school was small led the planner
  // to scan the school's login names once per student, which at 40,000 students never finished.
  const loginNameOf = eq(loginNames.personId, people.id)
  const [sessionRows, termRows, classRows, memberRows, assignmentRows, studentRows, staffRows, restricted] = await Promise.all([
    db.select().from(academicSessions).where(eq(academicSessions.schoolId, school.id)),
    db.select({ classId: classTerms.classId, sessionId: classTerms.sessionId }).from(classTerms)
      .where(and(eq(classTerms.schoolId, school.id), inArray(classTerms.classId, runningClassIds))),
    db.select().from(classes).where(and(eq(classes.schoolId, school.id), inArray(classes.id, runningClassIds))),
    db.select({ classId: classMembers.classId, personId: classMembers.personId }).from(classMembers)
      .where(and(eq(classMembers.schoolId, school.id), inArray(classMembers.classId, runningClassIds), inForceOn(classMembers, day))),
    db.select({ classId: teachingAssignments.classId, personId: teachingAssignments.personId, role: teachingAssignments.role })
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.schoolId, school.id), inArray(teachingAssignments.classId, runningClassIds), inForceOn(teachingAssignments, day))),
    db.select({
      id: people.id, familyName: people.familyName, givenNames: people.givenNames, yearLevel: affiliations.yearLevel, loginName: loginNames.loginName
    })
      .from(affiliations).innerJoin(people, eq(people.id, affiliations.personId)).leftJoin(loginNames, loginNameOf)
      .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, day), isNull(people.deletedAt))),
    db.selectDistinct({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, loginName: loginNames.loginName })
      .from(affiliations).innerJoin(people, eq(people.id, affiliations.personId)).leftJoin(loginNames, loginNameOf)
      .where(and(
        eq(affiliations.schoolId, school.id), eq(affiliations.kind, 'staff_member'), inArray(affiliations.personId, teacherIds),
        inForceOn(affiliations, day), isNull(people.deletedAt)
      )),
    childrenUnderRestrictionAt({ database, school }, day)
  ])
  const sessionsById = new Map(sessionRows.map(row => [row.id, row]))
  const termsOfClass = new Map<string, string[]>()
  for (const row of termRows) termsOfClass.set(row.classId, [...termsOfClass.get(row.classId) ?? [], row.sessionId])

  const students = new Map(studentRows.map(row => [row.id, row]))
  let withheld = 0
  for (const id of restricted) withheld += Number(students.delete(id))
  const staff = new Map(staffRows.map(row => [row.id, row]))

  const enrolments = new Map<string, RosterEnrolment>()
  for (const row of assignmentRows) {
    if (!staff.has(row.personId)) continue
    const key = `${row.classId} ${row.personId}`
    // Someone both leading and assisting one class on the day leads it.
    if (enrolments.get(key)?.role !== 'lead') enrolments.set(key, row)
  }
  for (const row of memberRows) {
    if (students.has(row.personId)) enrolments.set(`${row.classId} ${row.personId}`, { ...row, role: 'student' })
  }

  const classList: RosterClass[] = classRows.map(row => ({
    id: row.id, code: row.code, title: row.title, kind: row.kind, room: row.room, periods: JSON.parse(row.periods) as string[], courseId: row.courseId,
    termIds: [...termsOfClass.get(row.id)!].sort()
  })).sort(byId)
  const courseIds = db.select({ id: classes.courseId }).from(classes).where(and(eq(classes.schoolId, school.id), inArray(classes.id, runningClassIds)))
  const courseRows = classList.length ? await db.select().from(courses).where(and(eq(courses.schoolId, school.id), inArray(courses.id, courseIds))) : []
  const courseList: RosterCourse[] = courseRows.map(row => ({
    id: row.id, code: row.code, title: row.title, subject: row.subject, yearLevels: JSON.parse(row.yearLevels) as string[], schoolYearId: row.schoolYearId
  })).sort(byId)

  // The sessions the classes and courses name, their school years, and the school year running today.
  const sessionIds = new Set([...classList.flatMap(row => row.termIds), ...courseList.map(row => row.schoolYearId)])
  for (const row of sessionRows) if (row.kind === 'school_year' && isInForceOn({ validFrom: row.startsOn, validTo: row.endsOn }, day)) sessionIds.add(row.id)
  for (const id of [...sessionIds]) {
    const parentId = sessionsById.get(id)?.parentId
    if (parentId) sessionIds.add(parentId)
  }
  const sessionList: RosterSession[] = [...sessionIds].map(id => sessionsById.get(id)!).map(row => ({
    id: row.id, title: row.title, kind: row.kind, parentId: row.parentId, startsOn: row.startsOn, endsOn: row.endsOn
  })).sort(byId)

  const person = (row: { id: string, familyName: string, givenNames: string, loginName: string | null, yearLevel?: string | null }): RosterPerson =>
    ({ id: row.id, familyName: row.familyName, givenNames: row.givenNames, loginName: row.loginName, yearLevel: row.yearLevel ?? null })

  return {
    day,
    school: { id: school.id, name: school.name },
    sessions: sessionList,
    courses: courseList,
    classes: classList,
    students: [...students.values()].map(person).sort(byId),
    staff: [...staff.values()].map(person).sort(byId),
    enrolments: [...enrolments.values()].sort((a, b) => compareText(a.classId, b.classId) || compareText(a.personId, b.personId)),
    withheld
  }
}

/** The calendar year a session's school year ends in: how both formats write `schoolYear`. */
export function endingYearOf(sessions: readonly RosterSession[], sessionId: string): string {
  const session = sessions.find(row => row.id === sessionId)!
  const year = session.parentId ? sessions.find(row => row.id === session.parentId) ?? session : session
  return year.endsOn.slice(0, 4)
}
