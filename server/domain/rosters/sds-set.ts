import { booleanText, type RosterTable } from './roster-tables'
import { endingYearOf, type RosterSnapshot } from './roster-snapshot'
import { cedsGrade } from './grade-codes'

/** The SDS v2.1 CSV tables in Microsoft's sample order; users.csv carries no password, email, phone or sms column. */
export const sdsHeaders = {
  'orgs.csv': ['sourcedId', 'name', 'type', 'parentSourcedId'],
  'users.csv': ['sourcedId', 'username', 'givenName', 'familyName', 'activeDirectoryMatchId'],
  'roles.csv': ['userSourcedId', 'orgSourcedId', 'role', 'sessionSourcedId', 'grade', 'isPrimary', 'roleStartDate', 'roleEndDate'],
  'academicSessions.csv': ['sourcedId', 'title', 'type', 'schoolYear', 'startDate', 'endDate'],
  'courses.csv': ['sourcedId', 'orgSourcedId', 'title', 'code', 'schoolYearSourcedId', 'subject', 'grade'],
  'classes.csv': ['sourcedId', 'orgSourcedId', 'title', 'sessionSourcedIds', 'courseSourcedId'],
  'enrollments.csv': ['classSourcedId', 'userSourcedId', 'role']
} as const

/** SDS matches enumerations without regard to case and writes grades in lower case (`kg`, `09`). */
const sdsGrade = (yearLevel: string | null) => cedsGrade(yearLevel)?.toLowerCase() ?? ''

/**
 * A full SDS v2.1 snapshot: always all seven files, header-only when empty, since SDS deactivates
 * whatever a later upload's file set leaves out. In roles.csv a staff member who leads any class is
 * `teacher` and one who only assists is `teacherAssistant`; in enrollments.csv both are `teacher`.
 * `isPrimary` marks the user's main organisation, which with one school is always it.
 */
export function sdsTables(snapshot: RosterSnapshot): RosterTable[] {
  const schoolId = snapshot.school.id
  const leads = new Set(snapshot.enrolments.filter(row => row.role === 'lead').map(row => row.personId))
  const table = (name: keyof typeof sdsHeaders, rows: string[][]): RosterTable => ({ name, header: sdsHeaders[name], rows })
  const people = [...snapshot.students, ...snapshot.staff]
  return [
    table('orgs.csv', [[schoolId, snapshot.school.name, 'school', '']]),
    table('users.csv', people.map(person => [person.id, person.loginName ?? person.id, person.givenNames, person.familyName, ''])),
    table('roles.csv', [
      ...snapshot.students.map(person => [person.id, schoolId, 'student', '', sdsGrade(person.yearLevel), booleanText(true), '', '']),
      ...snapshot.staff.map(person => [person.id, schoolId, leads.has(person.id) ? 'teacher' : 'teacherAssistant', '', '', booleanText(true), '', ''])
    ]),
    table('academicSessions.csv', snapshot.sessions.map(session => [
      session.id, session.title, session.kind === 'school_year' ? 'schoolYear' : 'term', endingYearOf(snapshot.sessions, session.id), session.startsOn,
      session.endsOn
    ])),
    table('courses.csv', snapshot.courses.map(course => [
      course.id, schoolId, course.title, course.code, course.schoolYearId, '', course.yearLevels.length === 1 ? sdsGrade(course.yearLevels[0]!) : ''
    ])),
    table('classes.csv', snapshot.classes.map(row => [row.id, schoolId, row.title, row.termIds.join(','), row.courseId])),
    table('enrollments.csv', snapshot.enrolments.map(row => [row.classId, row.personId, row.role === 'student' ? 'student' : 'teacher']))
  ]
}
