import { and, eq } from 'drizzle-orm'
import { classes, classMembers, classTerms, courses, loginNames, teachingAssignments, type ClassKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { addDays } from '../days/calendar'
import { inForceOn } from '../days/in-force'
import { endSpan, lastDayWithin } from '../days/close-span'
import { classMemberRow, classRow, courseRow, teachingAssignmentRow } from './timetable-rows'
import { words, type Line } from './timetable-file'
import type { TimetableReferences } from './check-timetable'

/**
 * What a checked file changes: its courses (by the first row of each), its classes (with all their rows) and the
 * login names it gives, each in the order the file first names them.
 */
export interface TimetablePlan {
  courses: Map<string, Line>
  classes: Map<string, Line[]>
  loginNames: Map<string, string>
}

export interface TimetableCounts {
  rows: number
  classes: number
  classesCreated: number
  coursesCreated: number
  membersOpened: number
  membersClosed: number
  teachersOpened: number
  teachersClosed: number
}

/** Groups the rows of a file that has no problem into what is written. */
export function planChanges(lines: Line[]): TimetablePlan {
  const plan: TimetablePlan = { courses: new Map(), classes: new Map(), loginNames: new Map() }
  for (const line of lines) {
    if (!plan.courses.has(line.get('courseCode'))) plan.courses.set(line.get('courseCode'), line)
    plan.classes.set(line.get('classCode'), [...plan.classes.get(line.get('classCode')) ?? [], line])
    // A row with a person is checked to have a role, and a login name that is this person's alone.
    if (line.get('personId') && line.get('loginName')) plan.loginNames.set(line.get('loginName'), line.get('personId'))
  }
  return plan
}

/** Writes the plan in one transaction, adding to the counts what it created, opened and closed. */
export async function writeTimetable(
  ctx: DomainContext, plan: TimetablePlan, references: TimetableReferences, from: string, counts: TimetableCounts
): Promise<void> {
  await writeChanges(ctx, async (tx, changes) => {
    const write: TimetableWrite = { tx, changes, school: ctx.school, now: timestampNow(), from, references, counts }
    counts.classes = plan.classes.size
    const courseIds = new Map<string, string>()
    for (const [code, line] of plan.courses) courseIds.set(code, await writeCourse(write, code, line))
    for (const [code, rows] of plan.classes) {
      const classId = await writeClass(write, code, rows[0]!, courseIds.get(rows[0]!.get('courseCode'))!)
      await renewMembership(write, classId, rows.filter(row => row.get('personId')))
    }
    await writeLoginNames(write, plan.loginNames)
  })
}

interface TimetableWrite {
  tx: Db
  changes: ChangeLog
  school: SchoolRef
  now: string
  from: string
  references: TimetableReferences
  counts: TimetableCounts
}

/** Creates the course or brings it up to date; its school year is that of its first row's first term. */
async function writeCourse({ tx, changes, school, now, references, counts }: TimetableWrite, code: string, line: Line): Promise<string> {
  const firstTerm = references.sessionByCode.get(words(line.get('terms'))[0]!)!
  const values = {
    title: line.get('courseTitle'), subject: line.get('subject') || null, yearLevels: words(line.get('yearLevels')),
    schoolYearId: firstTerm.parentId ?? firstTerm.id
  }
  const [existing] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, school.id), eq(courses.code, code)))
  if (existing) {
    await tx.update(courses).set({ ...values, yearLevels: JSON.stringify(values.yearLevels), updatedAt: now }).where(eq(courses.id, existing.id))
    changes.record('course.updated', 'courses', existing.id)
    return existing.id
  }
  const row = courseRow(school.id, { code, ...values }, now)
  await tx.insert(courses).values(row)
  changes.record('course.created', 'courses', row.id)
  counts.coursesCreated++
  return row.id
}

/** Creates the class or brings it up to date, with its terms as the file gives them. */
async function writeClass({ tx, changes, school, now, references, counts }: TimetableWrite, code: string, line: Line, courseId: string): Promise<string> {
  const values = {
    courseId, title: line.get('classTitle'), kind: (line.get('classType') || 'scheduled') as ClassKind, room: line.get('room') || null,
    periods: words(line.get('periods'))
  }
  const [existing] = await tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, school.id), eq(classes.code, code)))
  let classId: string
  if (existing) {
    classId = existing.id
    await tx.update(classes).set({ ...values, periods: JSON.stringify(values.periods), updatedAt: now }).where(eq(classes.id, classId))
    await tx.delete(classTerms).where(eq(classTerms.classId, classId))
    changes.record('class.updated', 'classes', classId)
  } else {
    const row = classRow(school.id, { code, ...values }, now)
    classId = row.id
    await tx.insert(classes).values(row)
    changes.record('class.created', 'classes', classId)
    counts.classesCreated++
  }
  await tx.insert(classTerms)
    .values(words(line.get('terms')).map(term => ({ classId, sessionId: references.sessionByCode.get(term)!.id, schoolId: school.id })))
  return classId
}

/**
 * Makes the class's members and teachers on `from` those its rows list: someone in it that day and
 * not listed leaves it the day before (or on their first day, if that is later), someone listed and
 * not in it joins from their row's first day.
 */
async function renewMembership({ tx, changes, school, now, from, counts }: TimetableWrite, classId: string, listed: Line[]): Promise<void> {
  const inForce = (table: typeof classMembers | typeof teachingAssignments) => and(eq(table.classId, classId), inForceOn(table, from))
  const members = await tx.select().from(classMembers).where(inForce(classMembers))
  const assignments = await tx.select().from(teachingAssignments).where(inForce(teachingAssignments))
  const span = (row: Line) => ({ classId, personId: row.get('personId'), validFrom: row.get('validFrom') || from, validTo: row.get('validTo') || null })
  const lastDay = addDays(from, -1)

  for (const member of members) {
    if (listed.some(row => row.get('role') === 'student' && row.get('personId') === member.personId)) continue
    await endSpan(tx, classMembers, member, lastDayWithin(member, lastDay))
    changes.record('class_member.updated', 'class_members', member.id)
    counts.membersClosed++
  }
  for (const assignment of assignments) {
    if (listed.some(row => row.get('role') === assignment.role && row.get('personId') === assignment.personId)) continue
    await endSpan(tx, teachingAssignments, assignment, lastDayWithin(assignment, lastDay))
    changes.record('teaching_assignment.updated', 'teaching_assignments', assignment.id)
    counts.teachersClosed++
  }
  for (const row of listed) {
    const role = row.get('role')
    if (role === 'student') {
      if (members.some(member => member.personId === row.get('personId'))) continue
      const inserted = classMemberRow(school.id, span(row), now)
      await tx.insert(classMembers).values(inserted)
      changes.record('class_member.created', 'class_members', inserted.id)
      counts.membersOpened++
    } else {
      if (assignments.some(assignment => assignment.personId === row.get('personId') && assignment.role === role)) continue
      const inserted = teachingAssignmentRow(school.id, { ...span(row), role: role as 'lead' | 'assistant' }, now)
      await tx.insert(teachingAssignments).values(inserted)
      changes.record('teaching_assignment.created', 'teaching_assignments', inserted.id)
      counts.teachersOpened++
    }
  }
}

/** Saves each login name the file gives that its person does not have yet. */
async function writeLoginNames({ tx, changes, school, references }: TimetableWrite, given: Map<string, string>): Promise<void> {
  for (const [loginName, personId] of given) {
    if (references.logins.get(personId) === loginName) continue
    if (references.logins.has(personId)) await tx.update(loginNames).set({ loginName }).where(eq(loginNames.personId, personId))
    else await tx.insert(loginNames).values({ personId, schoolId: school.id, loginName })
    changes.record('person.updated', 'people', personId)
  }
}
