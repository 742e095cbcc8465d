import { booleanText, type RosterTable } from './roster-tables'
import { endingYearOf, type RosterPerson, type RosterSnapshot } from './roster-snapshot'
import { cedsGrade } from './grade-codes'

/** The OneRoster 1.1 CSV tables: every header complete and in the spec's order (docs/rosters.md). */
export const oneRosterHeaders = {
  'manifest.csv': ['propertyName', 'value'],
  'orgs.csv': ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  'academicSessions.csv': ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  'courses.csv': [
    'sourcedId', 'status', 'dateLastModified', 'schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'
  ],
  'classes.csv': [
    'sourcedId', 'status', 'dateLastModified', 'title', 'grades', 'courseSourcedId', 'classCode', 'classType', 'location', 'schoolSourcedId',
    'termSourcedIds', 'subjects', 'subjectCodes', 'periods'
  ],
  'users.csv': [
    'sourcedId', 'status', 'dateLastModified', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'userIds', 'givenName', 'familyName', 'middleName',
    'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password'
  ],
  'enrollments.csv': [
    'sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'
  ]
} as const

/** Every file the manifest names; the six the set carries are `bulk`, the rest `absent`. */
export const oneRosterManifestFiles = [
  'academicSessions', 'categories', 'classes', 'classResources', 'courses', 'courseResources', 'demographics', 'enrollments', 'lineItems', 'orgs',
  'resources', 'results', 'users'
] as const
const carried = new Set(['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'users'])

/** The CEDS codes of some year levels, once each, as one list value (`07,08`); blank when none has a code. */
export const gradesOf = (yearLevels: readonly (string | null)[]) => [...new Set(yearLevels.map(cedsGrade).filter(grade => grade !== null))].join(',')

/** A bulk OneRoster 1.1 set: `status` and `dateLastModified` blank on every row; email, sms, phone and password always empty. */
export function oneRosterTables(snapshot: RosterSnapshot): RosterTable[] {
  const schoolId = snapshot.school.id
  const courseById = new Map(snapshot.courses.map(course => [course.id, course]))
  const user = (person: RosterPerson, role: 'student' | 'teacher') => [
    person.id, '', '', 'true', schoolId, role, person.loginName ?? person.id, '', person.givenNames, person.familyName, '', '', '', '', '', '',
    role === 'student' ? gradesOf([person.yearLevel]) : '', ''
  ]
  const table = (name: keyof typeof oneRosterHeaders, rows: string[][]): RosterTable => ({ name, header: oneRosterHeaders[name], rows })
  return [
    table('manifest.csv', [
      ['manifest.version', '1.0'],
      ['oneroster.version', '1.1'],
      ...oneRosterManifestFiles.map(file => [`file.${file}`, carried.has(file) ? 'bulk' : 'absent']),
      ['source.systemName', 'Rollbook'],
      ['source.systemCode', schoolId]
    ]),
    table('orgs.csv', [[schoolId, '', '', snapshot.school.name, 'school', '', '']]),
    table('academicSessions.csv', snapshot.sessions.map(session => [
      session.id, '', '', session.title, session.kind === 'school_year' ? 'schoolYear' : 'term', session.startsOn, session.endsOn,
      session.parentId ?? '', endingYearOf(snapshot.sessions, session.id)
    ])),
    table('courses.csv', snapshot.courses.map(course => [
      course.id, '', '', course.schoolYearId, course.title, course.code, gradesOf(course.yearLevels), schoolId, course.subject ?? '', ''
    ])),
    table('classes.csv', snapshot.classes.map((row) => {
      const course = courseById.get(row.courseId)!
      return [
        row.id, '', '', row.title, gradesOf(course.yearLevels), row.courseId, row.code, row.kind, row.room ?? '', schoolId, row.termIds.join(','),
        course.subject ?? '', '', row.periods.join(',')
      ]
    })),
    table('users.csv', [...snapshot.students.map(person => user(person, 'student')), ...snapshot.staff.map(person => user(person, 'teacher'))]),
    table('enrollments.csv', snapshot.enrolments.map(row => [
      `${row.classId}.${row.personId}`, '', '', row.classId, schoolId, row.personId, row.role === 'student' ? 'student' : 'teacher',
      booleanText(row.role === 'lead'), '', ''
    ]))
  ]
}
