import { describe, expect, it } from 'vitest'
import type { RosterSnapshot } from '../../../../../server/domain/rosters/roster-snapshot'
import { oneRoster12Tables } from '../../../../../server/domain/rosters/oneroster12-set'
import { oneRosterTables } from '../../../../../server/domain/rosters/oneroster-set'
import { checkRosterSet } from '../../../../../server/domain/rosters/check-roster-set'
import type { RosterTable } from '../../../../../server/domain/rosters/roster-tables'

/** A school of two students, a lead teacher and an assistant in one class: every file small enough to read whole. */
function smallSchool(): RosterSnapshot {
  return {
    day: '2026-11-29',
    school: { id: 'sch_small', name: 'Small School' },
    sessions: [
      { id: 'ses_year', title: '2026', kind: 'school_year', parentId: null, startsOn: '2026-01-28', endsOn: '2026-12-18' },
      { id: 'ses_term4', title: 'Term 4', kind: 'term', parentId: 'ses_year', startsOn: '2026-10-06', endsOn: '2026-12-18' }
    ],
    courses: [{ id: 'crs_maths7', code: 'MAT7', title: 'Maths 7', subject: 'Mathematics', yearLevels: ['Year 7'], schoolYearId: 'ses_year' }],
    classes: [{
      id: 'cls_7a', code: '7A-MAT', title: 'Maths 7A', kind: 'scheduled', room: 'B12', periods: ['1', '3'], courseId: 'crs_maths7',
      termIds: ['ses_term4']
    }],
    students: [
      { id: 'per_ava', familyName: 'Ng', givenNames: 'Ava Mei', loginName: 'ava.ng', yearLevel: 'Year 7' },
      { id: 'per_ben', familyName: 'O\'Brien', givenNames: 'Ben', loginName: null, yearLevel: 'Prep' }
    ],
    staff: [
      { id: 'per_jo', familyName: 'Lee', givenNames: 'Jo', loginName: 'jlee', yearLevel: null },
      { id: 'per_pam', familyName: 'Kaur', givenNames: 'Pam', loginName: 'pkaur', yearLevel: null }
    ],
    enrolments: [
      { classId: 'cls_7a', personId: 'per_ava', role: 'student' },
      { classId: 'cls_7a', personId: 'per_ben', role: 'student' },
      { classId: 'cls_7a', personId: 'per_jo', role: 'lead' },
      { classId: 'cls_7a', personId: 'per_pam', role: 'assistant' }
    ],
    withheld: 1
  }
}

const file = (tables: RosterTable[], name: string) => tables.find(table => table.name === name)!
const rowsOf = (tables: RosterTable[], name: string) => file(tables, name).rows.map(row => row.join(','))

describe('the OneRoster 1.2 set of a small school', () => {
  const tables = oneRoster12Tables(smallSchool())

  it('is the manifest and seven data files, roles.csv among them, each with 1.2\'s header', () => {
    expect(tables.map(table => `${table.name}: ${table.header.join(',')}`)).toEqual([
      'manifest.csv: propertyName,value',
      'orgs.csv: sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
      'academicSessions.csv: sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
      'courses.csv: sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
      'classes.csv: sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,'
      + 'subjectCodes,periods',
      'users.csv: sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,'
      + 'agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
      'roles.csv: sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
      'enrollments.csv: sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate'
    ])
  })

  it('has a 1.2 manifest naming every file of 1.2, the seven sent as bulk', () => {
    const manifest = rowsOf(tables, 'manifest.csv')
    expect(manifest.slice(0, 2)).toEqual(['manifest.version,1.0', 'oneroster.version,1.2'])
    expect(manifest.filter(row => row.endsWith(',bulk'))).toEqual([
      'file.academicSessions,bulk', 'file.classes,bulk', 'file.courses,bulk', 'file.enrollments,bulk', 'file.orgs,bulk', 'file.roles,bulk', 'file.users,bulk'
    ])
    expect(manifest.filter(row => row.endsWith(',absent'))).toHaveLength(14)
    expect(manifest).toContain('file.userProfiles,absent')
    expect(manifest.slice(-2)).toEqual(['source.systemName,Rollbook', 'source.systemCode,sch_small'])
  })

  it('writes users without a role or school of their own, the person\'s id as userMasterIdentifier and nothing to contact them by', () => {
    expect(rowsOf(tables, 'users.csv')).toEqual([
      'per_ava,,,true,ava.ng,,Ava Mei,Ng,,,,,,,07,,per_ava,,,,sch_small,',
      'per_ben,,,true,per_ben,,Ben,O\'Brien,,,,,,,KG,,per_ben,,,,sch_small,',
      'per_jo,,,true,jlee,,Jo,Lee,,,,,,,,,per_jo,,,,sch_small,',
      'per_pam,,,true,pkaur,,Pam,Kaur,,,,,,,,,per_pam,,,,sch_small,'
    ])
  })

  it('gives each person one primary role at the school, the assistant a teacher as in 1.1', () => {
    expect(rowsOf(tables, 'roles.csv')).toEqual([
      'sch_small.per_ava,,,per_ava,primary,student,,,sch_small,',
      'sch_small.per_ben,,,per_ben,primary,student,,,sch_small,',
      'sch_small.per_jo,,,per_jo,primary,teacher,,,sch_small,',
      'sch_small.per_pam,,,per_pam,primary,teacher,,,sch_small,'
    ])
    expect(rowsOf(tables, 'enrollments.csv')).toEqual([
      'cls_7a.per_ava,,,cls_7a,sch_small,per_ava,student,false,,',
      'cls_7a.per_ben,,,cls_7a,sch_small,per_ben,student,false,,',
      'cls_7a.per_jo,,,cls_7a,sch_small,per_jo,teacher,true,,',
      'cls_7a.per_pam,,,cls_7a,sch_small,per_pam,teacher,false,,'
    ])
  })

  it('shares 1.1\'s orgs, sessions, courses, classes and enrollments row for row', () => {
    const older = oneRosterTables(smallSchool())
    for (const name of ['orgs.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'enrollments.csv']) {
      expect(file(tables, name)).toEqual(file(older, name))
    }
  })

  it('keeps every rule of its check', () => {
    expect(checkRosterSet('oneroster12', tables)).toEqual([])
  })
})

describe('the check of a OneRoster 1.2 set', () => {
  const broken = (change: (tables: RosterTable[]) => void) => {
    const tables = structuredClone(oneRoster12Tables(smallSchool()))
    change(tables)
    return checkRosterSet('oneroster12', tables)
  }

  it('refuses a header out of 1.2\'s order and a role naming a user who is not in the set', () => {
    expect(broken((tables) => {
      const users = file(tables, 'users.csv')
      users.header = users.header.map(column => column === 'preferredGivenName' ? 'preferredFirstName' : column)
      file(tables, 'roles.csv').rows[0]![3] = 'per_gone'
    })).toEqual(expect.arrayContaining([
      { file: 'users.csv', row: 1, rule: 'the header must be the format\'s, complete and in order' },
      { file: 'roles.csv', row: 2, column: 'userSourcedId', rule: 'every reference must name a row of users.csv' },
      { file: 'users.csv', row: 2, column: 'sourcedId', rule: 'each user has exactly one primary role in roles.csv' }
    ]))
  })

  it('refuses 1.1\'s users header in a 1.2 set', () => {
    expect(broken((tables) => {
      file(tables, 'users.csv').header = oneRosterTables(smallSchool()).find(table => table.name === 'users.csv')!.header
    })).toContainEqual({ file: 'users.csv', row: 1, rule: 'the header must be the format\'s, complete and in order' })
  })

  it.each([
    ['a role outside the set\'s vocabulary', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[3]![5] = 'aide'), 'roles.csv', 'role'],
    ['a roleType outside 1.2\'s', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[0]![4] = 'main'), 'roles.csv', 'roleType'],
    ['a phone number', (tables: RosterTable[]) => (file(tables, 'users.csv').rows[0]![12] = '0400 000 000'), 'users.csv', 'phone'],
    ['a password', (tables: RosterTable[]) => (file(tables, 'users.csv').rows[1]![15] = 'secret'), 'users.csv', 'password'],
    ['a primary school that is not in orgs.csv', (tables: RosterTable[]) => (file(tables, 'users.csv').rows[2]![20] = 'sch_other'), 'users.csv',
      'primaryOrgSourcedId'],
    ['a user profile the set does not send', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[2]![9] = 'prf_1'), 'roles.csv',
      'userProfileSourcedId'],
    ['a role begun on a day not written YYYY-MM-DD', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[2]![6] = '29/11/2026'), 'roles.csv',
      'beginDate'],
    ['a role whose sourcedId is a user\'s', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[0]![0] = 'per_ava'), 'roles.csv', 'sourcedId'],
    ['an enrolment whose role differs from its user\'s', (tables: RosterTable[]) => (file(tables, 'roles.csv').rows[2]![5] = 'student'), 'enrollments.csv',
      'role']
  ])('refuses %s', (_, change, fileName, column) => {
    expect(broken(change)).toContainEqual(expect.objectContaining({ file: fileName, column }))
  })

  it('refuses a second primary role for one user, and a manifest of 1.1', () => {
    const found = broken((tables) => {
      const roles = file(tables, 'roles.csv')
      roles.rows.push(['sch_small.per_ava.2', '', '', 'per_ava', 'primary', 'student', '', '', 'sch_small', ''])
      file(tables, 'manifest.csv').rows[1]![1] = '1.1'
    })
    expect(found).toContainEqual({ file: 'users.csv', row: 2, column: 'sourcedId', rule: 'each user has exactly one primary role in roles.csv' })
    expect(found).toContainEqual({ file: 'manifest.csv', rule: 'manifest.version 1.0 and oneroster.version 1.2' })
  })

  it('refuses a manifest that leaves out a file of 1.2 or marks an absent file bulk', () => {
    const found = broken((tables) => {
      const manifest = file(tables, 'manifest.csv')
      manifest.rows = manifest.rows.filter(row => row[0] !== 'file.scoreScales').map(row => row[0] === 'file.demographics' ? [row[0], 'bulk'] : row)
    })
    expect(found).toContainEqual({ file: 'manifest.csv', rule: 'the manifest names every file of OneRoster 1.2 and no other' })
    expect(found).toContainEqual({ file: 'manifest.csv', column: 'file.demographics', rule: 'a file is bulk exactly when it is sent, absent otherwise' })
  })

  it('names the file, row and column of a break, never the value', () => {
    const found = broken(tables => (file(tables, 'users.csv').rows[0]![10] = 'ava@example.org'))
    expect(found).toEqual([{ file: 'users.csv', row: 2, column: 'email', rule: 'this column is always empty' }])
  })
})
