import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { changeEvents, classMembers, classes, teachingAssignments } from '../../../db/schema'
import { newSchool } from '../../support/schools'
import { insertPerson } from '../../../server/domain/people/person-record'
import { openAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { saveAcademicSession } from '../../../server/domain/timetable/save-academic-session'
import { importTimetable } from '../../../server/domain/timetable/import-timetable'
import { buildRoster } from '../../../server/domain/rosters/build-roster'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { rosterRows, rosterRuleProblems } from '../../support/roster-rules'

const header = 'classCode,classTitle,classType,courseCode,courseTitle,subject,yearLevels,terms,room,periods,personId,role,loginName'

describe('loading a timetable from CSV', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let today: string
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    school = await newSchool()
    today = todayInZone(school.school.timeZone)
    const year = today.slice(0, 4)
    for (const [key, familyName, givenNames, kind] of [
      ['ava', 'Ng', 'Ava', 'student'], ['ben', 'O\'Hara', 'Ben', 'student'], ['jo', 'Lee', 'Jo', 'staff_member'],
      ['pam', 'Kaur', 'Pam', 'staff_member']
    ] as const) {
      ids[key] = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName, givenNames }))
      await openAffiliation(school.context, { personId: ids[key]!, kind, validFrom: addDays(today, -30), ...(kind === 'student' ? { yearLevel: '7' } : {}) })
    }
    await saveAcademicSession(school.context, { code: year, title: year, kind: 'school_year', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
    await saveAcademicSession(school.context, {
      code: `${year}T`, title: 'This term', kind: 'term', startsOn: addDays(today, -10) < `${year}-01-01` ? `${year}-01-01` : addDays(today, -10),
      endsOn: `${year}-12-31`, parentCode: year
    })
  })

  it('reports every problem by line and column and writes nothing', async () => {
    const year = today.slice(0, 4)
    const csv = [
      header,
      `7A,Maths 7A,scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.jo},lead,jo@school`,
      `7A,Maths 7A,scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.pam},lead,pkaur`,
      `7A,Maths 7A,weekly,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,per_nobody,student,`,
      `7B,Maths 7B,scheduled,MAT7,Maths 7,Mathematics,Y9,NOPE,R2,2,${ids.ava},teacher,`
    ].join('\r\n')
    const result = await importTimetable(school.context, csv)
    expect(result.applied).toBe(false)
    expect(result.problems).toEqual(expect.arrayContaining([
      { row: 2, column: 'loginName', message: expect.stringContaining('never an email address') },
      { row: 3, column: 'role', message: 'The class already has its lead teacher on line 2.' },
      { row: 4, column: 'classType', message: expect.any(String) },
      { row: 4, column: 'personId', message: 'No person of the school has this id.' },
      { row: 5, column: 'yearLevels', message: expect.any(String) },
      { row: 5, column: 'terms', message: expect.any(String) },
      { row: 5, column: 'role', message: expect.any(String) }
    ]))
    expect(await school.database.db.select().from(classes).where(eq(classes.schoolId, school.id))).toEqual([])
  })

  it('loads classes, members, teaching and login names in one write, then a second file moves people out', async () => {
    const year = today.slice(0, 4)
    const first = [
      header,
      `7A,"Maths 7A, extension",scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.jo},lead,jlee`,
      `7A,"Maths 7A, extension",scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.pam},assistant,pkaur`,
      `7A,"Maths 7A, extension",scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.ava},student,10234`,
      `7A,"Maths 7A, extension",scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.ben},student,`
    ].join('\r\n')
    const result = await importTimetable(school.context, first)
    expect(result).toMatchObject({
      applied: true, problems: [], counts: { rows: 4, classes: 1, classesCreated: 1, coursesCreated: 1, membersOpened: 2, teachersOpened: 2 }
    })
    const events = await school.database.db.select({ kind: changeEvents.kind }).from(changeEvents).where(eq(changeEvents.schoolId, school.id))
    expect(events.map(e => e.kind))
      .toEqual(expect.arrayContaining(['class.created', 'course.created', 'class_member.created', 'teaching_assignment.created', 'person.updated']))

    const roster = await buildRoster(school.context, 'oneroster')
    expect(rosterRuleProblems('oneroster', roster.files)).toEqual([])
    const users = rosterRows(roster.files, 'users.csv')
    expect(users.find(u => u.sourcedId === ids.ava)).toMatchObject({ username: '10234', grades: '07' })
    expect(users.find(u => u.sourcedId === ids.ben)).toMatchObject({ username: ids.ben })
    expect(rosterRows(roster.files, 'enrollments.csv').filter(e => e.primary === 'true').map(e => e.userSourcedId)).toEqual([ids.jo])

    const second = [
      header, `7A,Maths 7A,scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.pam},lead,`,
      `7A,Maths 7A,scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${ids.ava},student,`
    ].join('\n')
    const moved = await importTimetable(school.context, second)
    expect(moved.counts).toMatchObject({ classesCreated: 0, membersOpened: 0, membersClosed: 1, teachersOpened: 1, teachersClosed: 2 })
    const [{ id: classId }] = await school.database.db.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, school.id)) as [{ id: string }]
    expect(await school.database.db.select({ personId: classMembers.personId }).from(classMembers)
      .where(and(eq(classMembers.classId, classId), isNull(classMembers.validTo)))).toEqual([{ personId: ids.ava }])
    expect(await school.database.db.select({ personId: teachingAssignments.personId, role: teachingAssignments.role }).from(teachingAssignments)
      .where(and(eq(teachingAssignments.classId, classId), isNull(teachingAssignments.validTo)))).toEqual([{ personId: ids.pam, role: 'lead' }])
  })

  it('refuses a file that is not CSV, or has unknown columns, as problems of line 1', async () => {
    expect((await importTimetable(school.context, 'classCode,"broken\n')).problems[0]).toMatchObject({ row: 1 })
    expect((await importTimetable(school.context, `${header},shoeSize\r\n`)).problems)
      .toEqual([{ row: 1, column: null, message: expect.stringContaining('Unknown column "shoeSize"') }])
    expect((await importTimetable(school.context, `\ufeff${header}\n7A,Maths 7A,,MAT7,Maths 7,,,T,,,,,\n7B,"Maths "7B,,MAT7,Maths 7,,,T,,,,,\n`)).problems)
      .toEqual([{ row: 1, column: null, message: 'The file is not readable CSV (an unterminated quote, or a stray quote inside a value).' }])
    expect((await importTimetable(school.context, '')).problems)
      .toEqual(['classCode', 'classTitle', 'courseCode', 'courseTitle', 'terms'].map(column => ({ row: 1, column, message: 'A required column is missing.' })))
    // A header alone is a problem to fix, not a fault.
    expect(await importTimetable(school.context, `${header}\r\n`))
      .toMatchObject({ applied: false, problems: [{ row: 1, column: null, message: expect.stringContaining('no rows') }] })
  })

  it('names each problem by the line of the file it is on, past blank lines and quoted line breaks, and checks a row of the wrong length', async () => {
    const year = today.slice(0, 4)
    const csv = [
      header, '', `7A,"Maths\r\n7A",scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1,,,`, '',
      `7B,Maths 7B,weekly,MAT7,Maths 7,Mathematics,7,${year}T,R1`
    ].join('\r\n')
    expect((await importTimetable(school.context, csv)).problems).toEqual([
      { row: 6, column: null, message: 'The row has 9 values; the header has 13.' },
      { row: 3, column: 'classTitle', message: 'Contains a control character.' },
      { row: 6, column: 'classType', message: 'Use homeroom or scheduled.' }
    ])
  })
})
