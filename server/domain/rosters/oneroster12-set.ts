import type { RosterTable } from './roster-tables'
import type { RosterPerson, RosterSnapshot } from './roster-snapshot'
import { gradesOf, oneRosterHeaders, oneRosterTables } from './oneroster-set'

/**
 * The OneRoster 1.2 CSV tables (CSV Binding 1.2.1; sources in docs/rosters.md, "OneRoster 1.2 CSV"). 1.2 keeps 1.1's orgs,
 * academicSessions, courses, classes and enrollments column for column; users.csv loses `orgSourcedIds` and `role` to the
 * new roles.csv and gains six columns at its end.
 */
export const oneRoster12Headers = {
  'manifest.csv': oneRosterHeaders['manifest.csv'],
  'orgs.csv': oneRosterHeaders['orgs.csv'],
  'academicSessions.csv': oneRosterHeaders['academicSessions.csv'],
  'courses.csv': oneRosterHeaders['courses.csv'],
  'classes.csv': oneRosterHeaders['classes.csv'],
  'users.csv': [
    'sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email',
    'sms', 'phone', 'agentSourcedIds', 'grades', 'password', 'userMasterIdentifier', 'preferredGivenName', 'preferredMiddleName', 'preferredFamilyName',
    'primaryOrgSourcedId', 'pronouns'
  ],
  'roles.csv': ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
  'enrollments.csv': oneRosterHeaders['enrollments.csv']
} as const

/** Every file 1.2's manifest names; the seven the set carries are `bulk`, the rest `absent`. */
export const oneRoster12ManifestFiles = [
  'academicSessions', 'categories', 'classes', 'classResources', 'courseResources', 'courses', 'demographics', 'enrollments',
  'lineItemLearningObjectiveIds', 'lineItems', 'lineItemScoreScales', 'orgs', 'resources', 'resultLearningObjectiveIds', 'results',
  'resultScoreScales', 'roles', 'scoreScales', 'userProfiles', 'userResources', 'users'
] as const
const carried = new Set(['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'roles', 'users'])

/**
 * A bulk OneRoster 1.2 set from the same snapshot as the 1.1 set, with the same sourcedIds and the same five shared files.
 * Each person has one roles.csv row, `primary` at the school, whose id is `<school id>.<person id>` (1.2 wants a sourcedId
 * unique across the set). Staff are `teacher` there as in 1.1's users.csv, assistants included: 1.2's `aide` is left unused
 * for the reasons docs/rosters.md gives. `userMasterIdentifier` is the person's Rollbook id, the same as their sourcedId;
 * email, sms, phone, password and the preferred names and pronouns are always empty.
 */
export function oneRoster12Tables(snapshot: RosterSnapshot): RosterTable[] {
  const schoolId = snapshot.school.id
  const shared = new Map(oneRosterTables(snapshot).map(table => [table.name, table]))
  const table = (name: keyof typeof oneRoster12Headers, rows: string[][]): RosterTable => ({ name, header: oneRoster12Headers[name], rows })
  const user = (person: RosterPerson, role: 'student' | 'teacher') => [
    person.id, '', '', 'true', person.loginName ?? person.id, '', person.givenNames, person.familyName, '', '', '', '', '', '',
    role === 'student' ? gradesOf([person.yearLevel]) : '', '', person.id, '', '', '', schoolId, ''
  ]
  const role = (person: RosterPerson, name: 'student' | 'teacher') => [`${schoolId}.${person.id}`, '', '', person.id, 'primary', name, '', '', schoolId, '']
  const people = [...snapshot.students.map(person => [person, 'student'] as const), ...snapshot.staff.map(person => [person, 'teacher'] as const)]
  return [
    table('manifest.csv', [
      ['manifest.version', '1.0'],
      ['oneroster.version', '1.2'],
      ...oneRoster12ManifestFiles.map(file => [`file.${file}`, carried.has(file) ? 'bulk' : 'absent']),
      ['source.systemName', 'Rollbook'],
      ['source.systemCode', schoolId]
    ]),
    shared.get('orgs.csv')!,
    shared.get('academicSessions.csv')!,
    shared.get('courses.csv')!,
    shared.get('classes.csv')!,
    table('users.csv', people.map(([person, name]) => user(person, name))),
    table('roles.csv', people.map(([person, name]) => role(person, name))),
    shared.get('enrollments.csv')!
  ]
}
