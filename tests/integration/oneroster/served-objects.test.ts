import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { affiliations, onerosterObjects, people, schools, teachingAssignments } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { newSchool } from '../../support/schools'
import { rosterRows } from '../../support/roster-rules'
import { oneRosterAnswerProblems, oneRosterOperations } from '../../support/oneroster-conformance'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { buildRoster } from '../../../server/domain/rosters/build-roster'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext, type DomainContext } from '../../../server/domain/shared/context'
import { setClockOffset, todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { matchOperation, matchTemplate, unservedPaths } from '../../../server/domain/oneroster/collections'
import { answerOperation, UnknownObject } from '../../../server/domain/oneroster/answer-operation'
import { refreshServedObjects } from '../../../server/domain/oneroster/refresh-objects'
import { schoolsBehind } from '../../../server/domain/oneroster/refresh-queue'
import { OneRosterQueryProblem } from '../../../server/domain/oneroster/query-grammar'
import type { BindingVersion } from '../../../server/domain/oneroster/render-objects'

const base = { '1.2': 'http://localhost:3000/ims/oneroster/rostering/v1p2', '1.1': 'http://localhost:3000/ims/oneroster/v1p1' } as const

let school: Awaited<ReturnType<typeof newSchool>>

/** The school as it is now: every write bumps its data version, which decides whether the objects are behind. */
async function current(): Promise<DomainContext> {
  return systemContext(school.database, await requireSchool(school.database, school.id), 'test')
}

/** A change to the school's data as a domain write makes it: the data and the school's version together. */
async function change(work: (tx: Db) => Promise<unknown>) {
  await school.database.transaction(async (tx) => {
    await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, school.id))
    await work(tx)
  })
}

async function read(version: BindingVersion, path: string, query: Record<string, string> = {}) {
  const segments = path.split('/').filter(Boolean)
  const matched = matchOperation(version, segments)
  if (!matched) throw new Error(`No operation for ${path}`)
  const ctx = await current()
  await refreshServedObjects(ctx)
  return answerOperation(ctx, version, base[version], matched.operation, matched.params, query)
}

const users = (answer: { body: Record<string, unknown> }) => answer.body.users as Record<string, any>[]

beforeAll(async () => {
  school = await newSchool({ timeZone: 'Europe/London' })
  await seedDemoSchool(school.context, { students: 60 })
})

afterEach(() => setClockOffset(0))

describe('the objects served', () => {
  it('are the CSV set\'s people and classes, with the same sourcedIds, and nothing of a withheld child, an address or a password', async () => {
    const csv = await buildRoster(await current(), 'oneroster')
    const answer = await read('1.2', '/users', { limit: '10000' })
    const served = users(answer)
    expect(served.map(user => user.sourcedId).sort()).toEqual(rosterRows(csv.files, 'users.csv').map(row => row.sourcedId).sort())
    expect(answer.page!.total).toBe(served.length)
    expect(csv.counts.withheld).toBeGreaterThanOrEqual(1)
    const text = JSON.stringify(served)
    expect(text).not.toMatch(/"(email|sms|phone|password)"/)
    expect(text).not.toContain('@')
    const classes = (await read('1.2', '/classes', { limit: '10000' })).body.classes as { sourcedId: string }[]
    expect(classes.map(row => row.sourcedId).sort()).toEqual(rosterRows(csv.files, 'classes.csv').map(row => row.sourcedId).sort())
    const student = served.find(user => user.roles[0].role === 'student')!
    expect(student).toMatchObject({
      userMasterIdentifier: student.sourcedId, enabledUser: 'true', status: 'active',
      roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: school.id, type: 'org' } }]
    })
    expect(student.preferredFirstName).toBe(student.givenName.split(/\s+/)[0])
  })

  it('answers every operation of 1EdTech\'s 1.2 document in the document\'s shapes, demographics as unknownobject', async () => {
    const ctx = await current()
    await refreshServedObjects(ctx)
    const one = async (path: string) => (await read('1.2', path, { limit: '1' })).body
    const schoolId = school.id
    const classId = ((await one('/classes')).classes as { sourcedId: string }[])[0]!.sourcedId
    const courseId = ((await one('/courses')).courses as { sourcedId: string }[])[0]!.sourcedId
    const termId = ((await one('/terms')).academicSessions as { sourcedId: string }[])[0]!.sourcedId
    const studentId = users(await read('1.2', '/classes/x/students'.replace('x', classId)))[0]!.sourcedId
    const teacherId = users(await read('1.2', `/classes/${classId}/teachers`))[0]!.sourcedId
    const enrollmentId = ((await one('/enrollments')).enrollments as { sourcedId: string }[])[0]!.sourcedId
    const sessionId = ((await one('/academicSessions')).academicSessions as { sourcedId: string }[])[0]!.sourcedId
    const values: Record<string, string> = {
      schoolSourcedId: schoolId, classSourcedId: classId, courseSourcedId: courseId, termSourcedId: termId, studentSourcedId: studentId,
      teacherSourcedId: teacherId, userSourcedId: studentId
    }
    const byId: Record<string, string> = {
      '/orgs': schoolId, '/schools': schoolId, '/academicSessions': sessionId, '/terms': termId, '/courses': courseId, '/classes': classId,
      '/users': studentId, '/students': studentId, '/teachers': teacherId, '/enrollments': enrollmentId, '/gradingPeriods': 'ses_none'
    }
    const operations = oneRosterOperations('1.2')
    expect(operations.length).toBe(41)
    for (const { path } of operations) {
      const actual = path.replace(/\{(\w+)\}/g, (_, name: string) => name === 'sourcedId' ? byId[path.slice(0, path.indexOf('/{'))]! : values[name]!)
      const segments = actual.split('/').filter(Boolean)
      if (unservedPaths.some(template => matchTemplate(template, segments))) continue
      const matched = matchOperation('1.2', segments)
      expect(matched, path).not.toBeNull()
      try {
        const answer = await answerOperation(ctx, '1.2', base['1.2'], matched!.operation, matched!.params, { limit: '10000' })
        expect(oneRosterAnswerProblems('1.2', 'GET', actual, 200, answer.body), path).toEqual([])
        if (!path.endsWith('}') && !path.includes('gradingPeriods')) expect(Object.values(answer.body)[0], path).not.toEqual([])
      } catch (error) {
        expect(error, path).toBeInstanceOf(UnknownObject)
        expect(path).toBe('/gradingPeriods/{sourcedId}')
      }
    }
  })

  it('serves 1.1 in its own shapes from the same objects', async () => {
    const [user] = users(await read('1.1', '/students', { limit: '1' }))
    expect(user).toMatchObject({ role: 'student', enabledUser: 'true', orgs: [{ sourcedId: school.id, type: 'org' }], agents: [], userIds: [] })
    expect(user).not.toHaveProperty('roles')
    const [enrollment] = (await read('1.1', '/enrollments', { limit: '1' })).body.enrollments as Record<string, any>[]
    expect(enrollment!.primary).toMatch(/^(true|false)$/)
    expect(enrollment!.user.href).toBe(`${base['1.1']}/users/${enrollment!.user.sourcedId}`)
  })
})

describe('the binding\'s query', () => {
  it('filters with AND, OR and the operators, selects fields, sorts and pages', async () => {
    const all = users(await read('1.2', '/users', { limit: '10000' }))
    const [first] = all
    const byName = users(await read('1.2', '/users', { filter: `familyName='${first!.familyName.replace(/'/g, '\'\'')}'`, limit: '10000' }))
    expect(byName.every(user => user.familyName === first!.familyName)).toBe(true)
    expect(byName.length).toBeGreaterThanOrEqual(1)
    const teachersOrFirst = users(await read('1.2', '/users', { filter: `roles.role='teacher' OR sourcedId='${first!.sourcedId}'`, limit: '10000' }))
    expect(teachersOrFirst.length).toBe(all.filter(user => user.roles[0].role === 'teacher' || user.sourcedId === first!.sourcedId).length)
    const notStudents = users(await read('1.2', '/users', { filter: 'roles.role!=\'student\' AND status=\'active\'', limit: '10000' }))
    expect(notStudents.every(user => user.roles[0].role === 'teacher')).toBe(true)
    const containing = users(await read('1.2', '/users', { filter: 'givenName~\'a\'', limit: '10000' }))
    expect(containing.every(user => user.givenName.toLowerCase().includes('a'))).toBe(true)

    const selected = users(await read('1.2', '/users', { fields: 'sourcedId,givenName', limit: '3' }))
    expect(selected.every(user => Object.keys(user).sort().join() === 'givenName,sourcedId')).toBe(true)

    const sorted = users(await read('1.2', '/users', { sort: 'familyName', orderBy: 'desc', limit: '10000' })).map(user => user.familyName as string)
    expect(sorted).toEqual([...sorted].sort((a, b) => a < b ? 1 : a > b ? -1 : 0))

    const page = await read('1.2', '/users', { limit: '7', offset: '7' })
    expect(users(page).map(user => user.sourcedId)).toEqual(all.slice(7, 14).map(user => user.sourcedId))
    expect(page.page).toEqual({ total: all.length, limit: 7, offset: 7 })
    // Paged by the database (no filter or sort) and in memory (a sort) alike.
    const sortedPage = await read('1.2', '/students', { limit: '7', offset: '7', sort: 'sourcedId' })
    const students = all.filter(user => user.roles[0].role === 'student')
    expect(users(sortedPage)).toEqual(students.slice(7, 14))
    expect(users(await read('1.2', '/students', { limit: '7', offset: '7' }))).toEqual(students.slice(7, 14))
  })

  it('finds no one by email, since no address is served, and says so', async () => {
    const answer = await read('1.2', '/teachers', { filter: 'email=\'teacher@example.org\'', limit: '10000' })
    expect(users(answer)).toEqual([])
    expect(answer.notes).toEqual([expect.stringContaining('email')])
  })

  it.each([
    ['an unknown filter field', { filter: 'shoeSize=\'9\'' }, 'invalid_filter_field'],
    ['an unknown selected field', { fields: 'sourcedId,shoeSize' }, 'invalid_selection_field'],
    ['an unknown sort field', { sort: 'shoeSize' }, 'invaliddata'],
    ['an unquoted value', { filter: 'givenName=Ann' }, 'invaliddata'],
    ['an unknown joiner', { filter: 'givenName=\'Ann\' XOR familyName=\'B\'' }, 'invaliddata'],
    ['an unclosed quote', { filter: 'givenName=\'unclosed' }, 'invaliddata'],
    ['a limit of 0', { limit: '0' }, 'invaliddata'],
    ['a negative offset', { offset: '-1' }, 'invaliddata'],
    ['an unknown order', { orderBy: 'sideways' }, 'invaliddata'],
    ['a filter of 3,000 characters', { filter: `givenName='${'x'.repeat(3000)}'` }, 'invaliddata'],
    ['a control character', { filter: 'givenName=\'a\u0000\'' }, 'invaliddata']
  ])('refuses %s', async (_, query, code) => {
    await expect(read('1.2', '/users', query)).rejects.toSatisfy(error => error instanceof OneRosterQueryProblem && error.code === code)
  })

  it('answers an unknown object, and a collection under one, with unknownobject', async () => {
    await expect(read('1.2', '/users/per_nobody')).rejects.toBeInstanceOf(UnknownObject)
    await expect(read('1.2', '/classes/cls_nobody/students')).rejects.toBeInstanceOf(UnknownObject)
    const [teacher] = users(await read('1.2', '/teachers', { limit: '1' }))
    await expect(read('1.2', `/students/${teacher!.sourcedId}`)).rejects.toBeInstanceOf(UnknownObject)
  })
})

describe('deltas', () => {
  it('moves dateLastModified only for what changed: a student\'s grade, a class\'s teacher; a leaver is tobedeleted, then gone after 30 days', async () => {
    const ctx = await current()
    await refreshServedObjects(ctx)
    const before = users(await read('1.2', '/users', { limit: '10000' }))
    const since = new Date().toISOString()
    await new Promise(resolve => setTimeout(resolve, 5))
    expect(users(await read('1.2', '/users', { filter: `dateLastModified>'${since}'` }))).toEqual([])

    const today = todayInZone(school.school.timeZone)
    const students = before.filter(user => user.roles[0].role === 'student')
    const [regraded, leaver] = students
    const newGrade = regraded!.grades[0] === '12' ? '11' : '12'
    await change(tx => tx.update(affiliations).set({ yearLevel: `Year ${newGrade}` })
      .where(and(eq(affiliations.personId, regraded!.sourcedId), eq(affiliations.kind, 'student'))))
    await change(tx => tx.update(affiliations).set({ validTo: addDays(today, -1) })
      .where(and(eq(affiliations.personId, leaver!.sourcedId), eq(affiliations.kind, 'student'))))
    const classes = (await read('1.2', '/classes', { limit: '10000' })).body.classes as { sourcedId: string, dateLastModified: string }[]
    const [assignment] = await school.database.db.select().from(teachingAssignments)
      .where(and(eq(teachingAssignments.schoolId, school.id), eq(teachingAssignments.classId, classes[0]!.sourcedId)))
    const otherTeacher = before.find(user => user.roles[0].role === 'teacher' && user.sourcedId !== assignment!.personId)!
    await change(tx => tx.update(teachingAssignments).set({ personId: otherTeacher.sourcedId }).where(eq(teachingAssignments.id, assignment!.id)))

    const changed = users(await read('1.2', '/users', { filter: `dateLastModified>'${since}'`, limit: '10000' }))
    expect(changed.map(user => user.sourcedId).sort()).toEqual([regraded!.sourcedId, leaver!.sourcedId].sort())
    expect(changed.find(user => user.sourcedId === regraded!.sourcedId)).toMatchObject({ status: 'active', grades: [newGrade] })
    const tombstone = changed.find(user => user.sourcedId === leaver!.sourcedId)!
    expect(tombstone).toMatchObject({ status: 'tobedeleted', givenName: '', familyName: '', enabledUser: 'false' })
    expect(JSON.stringify(tombstone)).not.toContain(leaver!.familyName)
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: changed })).toEqual([])

    const changedClasses = (await read('1.2', '/classes', { filter: `dateLastModified>'${since}'`, limit: '10000' })).body.classes as { sourcedId: string }[]
    expect(changedClasses.map(row => row.sourcedId)).toContain(classes[0]!.sourcedId)
    const leaverEnrolments = (await read('1.2', '/enrollments', { filter: `user.sourcedId='${leaver!.sourcedId}'`, limit: '10000' }))
      .body.enrollments as { status: string }[]
    expect(leaverEnrolments.length).toBeGreaterThan(0)
    expect(leaverEnrolments.every(row => row.status === 'tobedeleted')).toBe(true)

    setClockOffset(31 * 86_400_000)
    await change(async tx => tx.update(people).set({ givenNames: sql`${people.givenNames}` }).where(eq(people.id, regraded!.sourcedId)))
    await refreshServedObjects(await current())
    const kept = await school.database.db.select({ sourcedId: onerosterObjects.sourcedId }).from(onerosterObjects)
      .where(and(eq(onerosterObjects.schoolId, school.id), eq(onerosterObjects.sourcedId, leaver!.sourcedId)))
    expect(kept).toEqual([])
  })

  it('refreshes once when two instances refresh at the same time', async () => {
    await refreshServedObjects(await current())
    const [student] = users(await read('1.2', '/students', { limit: '1', filter: 'status=\'active\'' }))
    await change(tx => tx.update(affiliations).set({ yearLevel: student!.grades[0] === '10' ? 'Year 9' : 'Year 10' })
      .where(and(eq(affiliations.personId, student!.sourcedId), eq(affiliations.kind, 'student'))))
    expect(await schoolsBehind(school.database)).toContain(school.id)
    const ctx = await current()
    const results = await Promise.all([refreshServedObjects(ctx), refreshServedObjects(ctx)])
    expect(results.map(result => result.changed).sort((a, b) => a - b)).toEqual([0, 1])
    expect(await schoolsBehind(school.database)).not.toContain(school.id)
  })
})
