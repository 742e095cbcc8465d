import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { keysetSlice } from '../shared/keyset-slice'
import { readRosterSnapshot, type RosterEnrolment } from './roster-snapshot'

interface PageRequest { limit: number, after?: readonly unknown[] }

const afterId = (after: readonly unknown[] | undefined) => typeof after?.[0] === 'string' ? after[0] : undefined

/**
 * The classes today's roster sets are built from (readRosterSnapshot: classes running today), in id
 * order, a page at a time, each with its course and how many students and staff it holds. The sets'
 * own reading, never a second one, so the screen shows exactly what the files hold.
 */
export async function listRosterClasses(ctx: DomainContext, page: PageRequest) {
  const snapshot = await readRosterSnapshot(ctx, todayInZone(ctx.school.timeZone))
  const courses = new Map(snapshot.courses.map(course => [course.id, course]))
  const after = afterId(page.after)
  const rows = snapshot.classes.filter(row => after === undefined || row.id > after).slice(0, page.limit + 1)
  const members = (classId: string, student: boolean) =>
    snapshot.enrolments.filter(row => row.classId === classId && (row.role === 'student') === student).length
  return keysetSlice(rows, page.limit, row => ({
    id: row.id,
    code: row.code,
    title: row.title,
    kind: row.kind,
    room: row.room,
    course: courses.get(row.courseId)?.title ?? null,
    students: members(row.id, true),
    staff: members(row.id, false)
  }), (last): [string] => [last.id])
}

/** Who is in one class of today's roster sets (students withheld from the sets are not), by role then id, a page at a time. */
export async function listRosterClassMembers(ctx: DomainContext, classId: string, page: PageRequest) {
  const snapshot = await readRosterSnapshot(ctx, todayInZone(ctx.school.timeZone))
  if (!snapshot.classes.some(row => row.id === classId)) throw domainError('not_found', [`No class running today has the id ${classId}.`])
  const people = new Map([...snapshot.students, ...snapshot.staff].map(person => [person.id, person]))
  const order = (row: RosterEnrolment) => `${row.role === 'student' ? 1 : 0} ${row.personId}`
  const after = afterId(page.after)
  const rows = snapshot.enrolments.filter(row => row.classId === classId).sort((a, b) => order(a) < order(b) ? -1 : 1)
    .filter(row => after === undefined || order(row) > after).slice(0, page.limit + 1)
  return keysetSlice(rows, page.limit, (row) => {
    const person = people.get(row.personId)!
    return {
      personId: row.personId, familyName: person.familyName, givenNames: person.givenNames, role: row.role, yearLevel: person.yearLevel,
      loginName: person.loginName
    }
  }, (last): [string] => [order(last)])
}
