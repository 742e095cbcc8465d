import type { OneRosterObjectKind } from '../../../shared/vocabulary'
import { endingYearOf, type RosterPerson, type RosterSnapshot } from '../rosters/roster-snapshot'
import { cedsGrade } from '../rosters/grade-codes'

/**
 * What the service shows of each object, in neither binding's shape: the 1.2 and 1.1 renderers
 * (render-v1p2.ts, render-v1p1.ts) both read these, so one refresh serves both versions and a change
 * moves `dateLastModified` in both alike. Every reference is a sourcedId.
 */
export interface OrgFacts { name: string }
export interface SessionFacts {
  title: string
  type: 'schoolYear' | 'term'
  startDate: string
  endDate: string
  parentId: string | null
  childIds: string[]
  schoolYear: string
}
export interface CourseFacts { title: string, courseCode: string, schoolYearId: string, grades: string[], subjects: string[] }
export interface ClassFacts {
  title: string
  classCode: string
  classType: 'homeroom' | 'scheduled'
  location: string | null
  grades: string[]
  subjects: string[]
  courseId: string
  termIds: string[]
  periods: string[]
  /**
   * Who teaches it: no binding shows it on the class, but a consumer that makes a class's owner from its
   * teachers (Google Classroom) must see the class move when they change, so it is in the class's hash.
   */
  teacherIds: string[]
}
export interface UserFacts { role: 'student' | 'teacher', username: string, givenName: string, familyName: string, grades: string[] }
export interface EnrollmentFacts { classId: string, userId: string, role: 'student' | 'teacher', primary: boolean }

export interface FactsOf {
  org: OrgFacts
  academicSession: SessionFacts
  course: CourseFacts
  class: ClassFacts
  user: UserFacts
  enrollment: EnrollmentFacts
}

/** One object of the roster as the refresh keeps it. */
export interface RosterFact<K extends OneRosterObjectKind = OneRosterObjectKind> {
  kind: K
  sourcedId: string
  facts: FactsOf[K]
  /** For enrolments: the class and the user, kept in their own columns so a class's or a person's are found by index. */
  classId?: string
  userId?: string
  /** For users: their role, kept in its own column so the students or the teachers are read by index. */
  role?: 'student' | 'teacher'
}

const gradesOf = (yearLevels: readonly (string | null)[]) => [...new Set(yearLevels.map(cedsGrade).filter(grade => grade !== null))]

/**
 * Every object of the roster as of the snapshot's day: the same people, classes and sourcedIds as the
 * CSV sets (roster-snapshot.ts decides who is in, protected children left out), in the snapshot's
 * order. An assistant is enrolled as a teacher who is not primary, as the 1.1 CSV set does.
 */
export function rosterFacts(snapshot: RosterSnapshot): RosterFact[] {
  const courseById = new Map(snapshot.courses.map(course => [course.id, course]))
  const teachersOf = new Map<string, string[]>()
  for (const row of snapshot.enrolments) {
    if (row.role !== 'student') teachersOf.set(row.classId, [...teachersOf.get(row.classId) ?? [], row.personId])
  }
  const user = (person: RosterPerson, role: 'student' | 'teacher'): RosterFact<'user'> => ({
    kind: 'user',
    sourcedId: person.id,
    role,
    facts: {
      role, username: person.loginName ?? person.id, givenName: person.givenNames, familyName: person.familyName,
      grades: role === 'student' ? gradesOf([person.yearLevel]) : []
    }
  })
  return [
    { kind: 'org', sourcedId: snapshot.school.id, facts: { name: snapshot.school.name } } satisfies RosterFact<'org'>,
    ...snapshot.sessions.map((session): RosterFact<'academicSession'> => ({
      kind: 'academicSession',
      sourcedId: session.id,
      facts: {
        title: session.title, type: session.kind === 'school_year' ? 'schoolYear' : 'term', startDate: session.startsOn, endDate: session.endsOn,
        parentId: session.parentId, childIds: snapshot.sessions.filter(child => child.parentId === session.id).map(child => child.id),
        schoolYear: endingYearOf(snapshot.sessions, session.id)
      }
    })),
    ...snapshot.courses.map((course): RosterFact<'course'> => ({
      kind: 'course',
      sourcedId: course.id,
      facts: {
        title: course.title, courseCode: course.code, schoolYearId: course.schoolYearId, grades: gradesOf(course.yearLevels),
        subjects: course.subject ? [course.subject] : []
      }
    })),
    ...snapshot.classes.map((row): RosterFact<'class'> => {
      const course = courseById.get(row.courseId)!
      return {
        kind: 'class',
        sourcedId: row.id,
        facts: {
          title: row.title, classCode: row.code, classType: row.kind, location: row.room, grades: gradesOf(course.yearLevels),
          subjects: course.subject ? [course.subject] : [], courseId: row.courseId, termIds: row.termIds, periods: row.periods,
          teacherIds: [...teachersOf.get(row.id) ?? []].sort()
        }
      }
    }),
    ...snapshot.students.map(person => user(person, 'student')),
    ...snapshot.staff.map(person => user(person, 'teacher')),
    ...snapshot.enrolments.map((row): RosterFact<'enrollment'> => ({
      kind: 'enrollment',
      sourcedId: `${row.classId}.${row.personId}`,
      facts: { classId: row.classId, userId: row.personId, role: row.role === 'student' ? 'student' : 'teacher', primary: row.role === 'lead' },
      classId: row.classId,
      userId: row.personId
    }))
  ]
}

/**
 * What is still served of an object that left the roster: enough for a consumer to match it by
 * sourcedId and remove it, and nothing of a person. A child withheld by a court order after the
 * service served them is then indistinguishable from one who left, and their name is not served again.
 */
export function tombstoneOf<K extends OneRosterObjectKind>(kind: K, sourcedId: string, facts: FactsOf[K]): FactsOf[K] {
  if (kind !== 'user') return facts
  const user = facts as UserFacts
  return { role: user.role, username: sourcedId, givenName: '', familyName: '', grades: [] } satisfies UserFacts as unknown as FactsOf[K]
}
