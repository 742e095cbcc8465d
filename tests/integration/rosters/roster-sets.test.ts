import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, ne } from 'drizzle-orm'
import { classes, people, protectionFlags, teachingAssignments } from '../../../db/schema'
import { newSchool } from '../../support/schools'
import { rosterRows, rosterRuleProblems } from '../../support/roster-rules'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { buildRoster, RosterRuleError, type RosterSet } from '../../../server/domain/rosters/build-roster'
import { checkRosterSet } from '../../../server/domain/rosters/check-roster-set'
import { readRosterSnapshot } from '../../../server/domain/rosters/roster-snapshot'
import { oneRosterTables } from '../../../server/domain/rosters/oneroster-set'
import { rosterZip } from '../../../server/domain/rosters/roster-zip'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { unzipSync, strFromU8 } from 'fflate'

const formats = ['oneroster', 'sds', 'oneroster12'] as const

describe.each([
  ['Australia/Sydney', 150],
  ['Pacific/Kiritimati', 40],
  ['Pacific/Pago_Pago', 40]
])('the demo school in %s', (timeZone, students) => {
  let school: Awaited<ReturnType<typeof newSchool>>
  const sets: Partial<Record<typeof formats[number], RosterSet>> = {}
  beforeAll(async () => {
    school = await newSchool({ timeZone })
    await seedDemoSchool(school.context, { students })
    for (const format of formats) sets[format] = await buildRoster(school.context, format)
  })

  it.each(formats)('%s keeps every rule of roster-formats.md', (format) => {
    expect(rosterRuleProblems(format, sets[format]!.files)).toEqual([])
  })

  it.each(formats)('%s gives the same files on a second run, so every sourcedId is stable', async (format) => {
    const again = await buildRoster(school.context, format)
    expect(again.files).toEqual(sets[format]!.files)
  })

  it('holds today\'s classes only, with the edge cases of the demo', () => {
    const files = sets.oneroster!.files
    const classRows = rosterRows(files, 'classes.csv')
    const users = rosterRows(files, 'users.csv')
    const enrolments = rosterRows(files, 'enrollments.csv')
    expect(classRows.some(row => row.classCode === 'DRA-SUMMER-1')).toBe(false)
    expect(classRows.length).toBeGreaterThan(3)
    const names = users.map(row => `${row.givenName} ${row.familyName}`)
    expect(names).toEqual(expect.arrayContaining(['Siobhán D\'Arcy', 'Minh Nguyen, Tran', '花子 山田', 'Σοφία Παπαδοπούλου', 'Máire O\'Sullivan']))
    expect(names).not.toContain('Chinedu Okoro')
    const onlyAssistant = classRows.find(row => !enrolments.some(e => e.classSourcedId === row.sourcedId && e.primary === 'true'))
    expect(onlyAssistant).toBeDefined()
    expect(enrolments.some(e => e.classSourcedId === onlyAssistant!.sourcedId && e.role === 'teacher' && e.primary === 'false')).toBe(true)
    expect(sets.oneroster!.counts.withheld).toBeGreaterThanOrEqual(1)
    expect(sets.oneroster!.counts).toEqual(sets.sds!.counts)
    expect(sets.oneroster!.counts).toEqual(sets.oneroster12!.counts)
    expect(sets.oneroster!.counts.students + sets.oneroster!.counts.teachers).toBe(users.length)
  })

  it('gives assistants teacherAssistant in SDS roles and teacher in its enrollments', () => {
    const roles = rosterRows(sets.sds!.files, 'roles.csv')
    expect(roles.some(row => row.role === 'teacherAssistant')).toBe(true)
    expect(new Set(rosterRows(sets.sds!.files, 'enrollments.csv').map(row => row.role))).toEqual(new Set(['student', 'teacher']))
  })

  it('writes OneRoster 1.2 from the same people, classes and ids as 1.1, each person placed at the school by one primary role', () => {
    const older = sets.oneroster!.files
    const newer = sets.oneroster12!.files
    for (const name of ['orgs.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'enrollments.csv']) {
      expect(newer.find(file => file.name === name)).toEqual(older.find(file => file.name === name))
    }
    const users = rosterRows(newer, 'users.csv')
    expect(users.map(row => [row.sourcedId, row.username, row.givenName, row.familyName, row.grades]))
      .toEqual(rosterRows(older, 'users.csv').map(row => [row.sourcedId, row.username, row.givenName, row.familyName, row.grades]))
    expect(users.every(row => row.userMasterIdentifier === row.sourcedId && row.primaryOrgSourcedId === school.id)).toBe(true)
    // 1.1's role of each user is 1.2's primary role, the assistant who leads nothing a teacher in both.
    const roles = rosterRows(newer, 'roles.csv')
    expect(roles.map(row => [row.userSourcedId, row.role, row.roleType, row.orgSourcedId]))
      .toEqual(rosterRows(older, 'users.csv').map(row => [row.sourcedId, row.role, 'primary', school.id]))
    expect(roles.every(row => row.sourcedId === `${school.id}.${row.userSourcedId}`)).toBe(true)
  })

  it('leaves the children under a protection flag out of OneRoster 1.2, users and roles alike', async () => {
    const flagged = (await school.database.db.select({ personId: protectionFlags.personId }).from(protectionFlags)
      .where(eq(protectionFlags.schoolId, school.id))).map(row => row.personId)
    expect(flagged.length).toBeGreaterThanOrEqual(1)
    expect(sets.oneroster12!.counts.withheld).toBeGreaterThanOrEqual(1)
    const files = sets.oneroster12!.files
    for (const personId of flagged) {
      for (const name of ['users.csv', 'roles.csv', 'enrollments.csv']) expect(files.find(file => file.name === name)!.content).not.toContain(personId)
    }
  })

  it.each(formats)('%s zips the same files', async (format) => {
    const zip = await rosterZip(school.context, format)
    expect(zip.fileName).toBe(`${format}.zip`)
    const entries = unzipSync(zip.bytes)
    expect(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)])))
      .toEqual(Object.fromEntries(sets[format]!.files.map(file => [file.name, file.content])))
  })
})

describe('the check before a set is served', () => {
  it('finds a second primary teacher, and the set is refused as a fault of ours', async () => {
    const school = await newSchool()
    await seedDemoSchool(school.context, { students: 30 })
    const today = todayInZone(school.school.timeZone)
    const [led] = await school.database.db.select({ classId: teachingAssignments.classId, personId: teachingAssignments.personId }).from(teachingAssignments)
      .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
      .where(and(eq(teachingAssignments.schoolId, school.id), eq(teachingAssignments.role, 'lead'), ne(classes.code, 'DRA-SUMMER-1')))
    const [other] = await school.database.db.select({ personId: teachingAssignments.personId }).from(teachingAssignments)
      .where(eq(teachingAssignments.schoolId, school.id))
      .then(rows => rows.filter(row => row.personId !== led!.personId))
    await school.database.transaction(tx => tx.insert(teachingAssignments).values({
      id: 'tas_broken', schoolId: school.id, classId: led!.classId, personId: other!.personId, role: 'lead', validFrom: addDays(today, -1),
      validTo: null, createdAt: today
    }))
    await expect(buildRoster(school.context, 'oneroster')).rejects.toThrow(RosterRuleError)
    await expect(buildRoster(school.context, 'oneroster')).rejects.toThrow(/enrollments\.csv row \d+ column primary: at most one primary teacher per class/)
  })

  it('finds broken references, vocabulary, an @ and a line break, naming no value', async () => {
    const school = await newSchool()
    await seedDemoSchool(school.context, { students: 20 })
    const tables = oneRosterTables(await readRosterSnapshot(school.context, todayInZone(school.school.timeZone)))
    const users = tables.find(table => table.name === 'users.csv')!
    const enrolments = tables.find(table => table.name === 'enrollments.csv')!
    users.rows[0]![6] = 'someone@example.org'
    users.rows[3]![8] = 'J@ne'
    users.rows[1]![8] = 'Line\nbreak'
    users.rows[2]![16] = '9'
    enrolments.rows[0]![3] = 'cls_missing'
    const rules = checkRosterSet('oneroster', tables).map(found => found.rule)
    expect(rules).toEqual(expect.arrayContaining([
      'a username is never email-like: no @', 'no line break inside a value',
      expect.stringContaining('a value must be one of'), 'every reference must name a row of classes.csv'
    ]))
    expect(checkRosterSet('oneroster', tables).filter(found => found.rule.includes('@')))
      .toEqual([{ file: 'users.csv', row: 2, column: 'username', rule: 'a username is never email-like: no @' }])
    expect(JSON.stringify(checkRosterSet('oneroster', tables))).not.toMatch(/example\.org|Line/)
  })

  it('refuses a OneRoster 1.2 set whose class has two primary teachers, as it refuses 1.1\'s', async () => {
    const school = await newSchool()
    await seedDemoSchool(school.context, { students: 20 })
    const today = todayInZone(school.school.timeZone)
    const [led] = await school.database.db.select({ classId: teachingAssignments.classId, personId: teachingAssignments.personId }).from(teachingAssignments)
      .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
      .where(and(eq(teachingAssignments.schoolId, school.id), eq(teachingAssignments.role, 'lead'), ne(classes.code, 'DRA-SUMMER-1')))
    const [other] = await school.database.db.select({ personId: teachingAssignments.personId }).from(teachingAssignments)
      .where(eq(teachingAssignments.schoolId, school.id))
      .then(rows => rows.filter(row => row.personId !== led!.personId))
    await school.database.transaction(tx => tx.insert(teachingAssignments).values({
      id: 'tas_broken12', schoolId: school.id, classId: led!.classId, personId: other!.personId, role: 'lead', validFrom: addDays(today, -1),
      validTo: null, createdAt: today
    }))
    await expect(buildRoster(school.context, 'oneroster12'))
      .rejects.toThrow(/The oneroster12 roster of school .* enrollments\.csv row \d+ column primary: at most one primary teacher per class/)
  })

  it('refuses an unknown format with not_found', async () => {
    const school = await newSchool()
    await expect(buildRoster(school.context, 'csv')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('a roster of any text', () => {
  it.each(formats)('%s carries an @ in a class title and a student\'s name, and keeps every rule', async (format) => {
    const school = await newSchool()
    await seedDemoSchool(school.context, { students: 20 })
    const today = todayInZone(school.school.timeZone)
    const { classes: running, students } = await readRosterSnapshot(school.context, today)
    await school.database.transaction(async (tx) => {
      await tx.update(classes).set({ title: 'Art @ Riverside' }).where(eq(classes.id, running[0]!.id))
      await tx.update(people).set({ givenNames: 'J@ne', familyName: '@lder' }).where(eq(people.id, students[0]!.id))
    })
    const set = await buildRoster(school.context, format)
    expect(rosterRuleProblems(format, set.files)).toEqual([])
    expect(rosterRows(set.files, 'classes.csv').map(row => row.title)).toContain('Art @ Riverside')
    expect(rosterRows(set.files, 'users.csv').find(row => row.sourcedId === students[0]!.id)).toMatchObject({ givenName: 'J@ne', familyName: '@lder' })
  })
})
