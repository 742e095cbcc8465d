import { and, eq, inArray, isNull } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { academicSessions, affiliations, classes, classMembers, classTerms, courses, loginNames, people, teachingAssignments, classKinds, type ClassKind } from '../../../db/schema'
import { isOneOf } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow, todayInZone } from '../shared/clock'
import { addDays, isDay } from '../shared/days'
import { inForceOn, isInForceOn } from '../shared/in-force'
import { endSpan, lastDayWithin } from '../shared/close-span'
import { domainError } from '../shared/domain-error'
import { plainLineRefusal } from '../../../shared/plain-text'
import { classMemberRow, classRow, courseRow, schoolCodePattern, teachingAssignmentRow } from './timetable-rows'

/** A problem with one row of an import: its line in the file (the header is line 1), the column, and what is wrong. */
export interface ImportProblem { row: number, column: string | null, message: string }

export interface TimetableImportResult {
  /** False when the file had problems: then nothing was written. */
  applied: boolean
  problems: ImportProblem[]
  counts: { rows: number, classes: number, classesCreated: number, coursesCreated: number, membersOpened: number, membersClosed: number, teachersOpened: number, teachersClosed: number }
}

const columns = ['classCode', 'classTitle', 'classType', 'courseCode', 'courseTitle', 'subject', 'yearLevels', 'terms', 'room', 'periods', 'personId', 'role', 'loginName', 'validFrom', 'validTo'] as const
type Column = typeof columns[number]
const requiredColumns: Column[] = ['classCode', 'classTitle', 'courseCode', 'courseTitle', 'terms']
const roles = ['student', 'lead', 'assistant'] as const
const classFields: Column[] = ['classTitle', 'classType', 'courseCode', 'terms', 'room', 'periods']
const courseFields: Column[] = ['courseTitle', 'subject', 'yearLevels']

interface Line { row: number, get: (column: Column) => string }
const words = (value: string) => value.split(/\s+/).filter(Boolean)

/**
 * Loads a term's timetable from one CSV file (docs/timetable.md) in one transaction. Each class the
 * file names is created or brought up to date, with its course; the file lists each such class's
 * whole membership and teaching from `from` (default today): people listed and not yet in it are
 * added from `from` (or their row's `validFrom`), and people in it on `from` but not listed leave it
 * the day before. Classes the file does not name are left alone. Every row is checked first and
 * every problem reported; when there is any, nothing is written.
 */
export async function importTimetable(ctx: DomainContext, csv: string, options: { from?: string } = {}): Promise<TimetableImportResult> {
  const from = options.from ?? todayInZone(ctx.school.timeZone)
  if (!isDay(from)) throw domainError('validation_failed', ['from: Use a day as YYYY-MM-DD.'], { fields: [{ path: 'from', message: 'Use a day as YYYY-MM-DD.' }] })
  const counts = { rows: 0, classes: 0, classesCreated: 0, coursesCreated: 0, membersOpened: 0, membersClosed: 0, teachersOpened: 0, teachersClosed: 0 }
  const problems: ImportProblem[] = []
  const problem = (row: number, column: Column | null, message: string) => problems.push({ row, column, message })
  const refused = () => ({ applied: false, problems, counts })

  let records: string[][]
  try {
    records = parse(csv, { bom: true, record_delimiter: ['\r\n', '\n'], skip_empty_lines: true, relax_column_count: true })
  } catch {
    problem(1, null, 'The file is not readable CSV (an unterminated quote, or a stray quote inside a value).')
    return refused()
  }
  const [header = [], ...body] = records
  const at = new Map<string, number>()
  header.forEach((name, i) => {
    if (!isOneOf(columns, name)) problem(1, null, `Unknown column "${name.slice(0, 40)}"; the columns are ${columns.join(', ')}.`)
    else if (at.has(name)) problem(1, name, 'The column appears twice.')
    else at.set(name, i)
  })
  for (const name of requiredColumns) if (!at.has(name)) problem(1, name, 'A required column is missing.')
  if (problems.length) return refused()
  counts.rows = body.length

  const lines: Line[] = body.map((record, i) => ({ row: i + 2, get: column => at.has(column) ? (record[at.get(column)!] ?? '').trim() : '' }))
  lines.forEach((line, i) => {
    if (body[i]!.length !== header.length) problem(line.row, null, `The row has ${body[i]!.length} values; the header has ${header.length}.`)
  })

  const school = ctx.school
  const db = ctx.database.db
  const sessionRows = await db.select().from(academicSessions).where(eq(academicSessions.schoolId, school.id))
  const sessionByCode = new Map(sessionRows.map(row => [row.code, row]))
  const personIds = [...new Set(lines.map(line => line.get('personId')).filter(Boolean))]
  const knownPeople = new Set<string>()
  const spans: { personId: string, kind: string, validFrom: string, validTo: string | null }[] = []
  const logins = new Map<string, string>()
  for (let i = 0; i < personIds.length; i += 5000) {
    const slice = personIds.slice(i, i + 5000)
    const [found, spanRows, loginRows] = await Promise.all([
      db.select({ id: people.id }).from(people).where(and(eq(people.schoolId, school.id), inArray(people.id, slice), isNull(people.deletedAt))),
      db.select({ personId: affiliations.personId, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo }).from(affiliations)
        .where(and(eq(affiliations.schoolId, school.id), inArray(affiliations.personId, slice), inArray(affiliations.kind, ['student', 'staff_member']))),
      db.select().from(loginNames).where(and(eq(loginNames.schoolId, school.id), inArray(loginNames.personId, slice)))
    ])
    for (const row of found) knownPeople.add(row.id)
    spans.push(...spanRows)
    for (const row of loginRows) logins.set(row.personId, row.loginName)
  }
  const loginsInFile = new Map<string, string>()
  const loginNamesWanted = [...new Set(lines.map(line => line.get('loginName')).filter(name => schoolCodePattern.test(name)))]
  const loginOwners = new Map<string, string>()
  for (let i = 0; i < loginNamesWanted.length; i += 5000) {
    const rows = await db.select().from(loginNames).where(and(eq(loginNames.schoolId, school.id), inArray(loginNames.loginName, loginNamesWanted.slice(i, i + 5000))))
    for (const row of rows) loginOwners.set(row.loginName, row.personId)
  }

  // Every row of a class gives the same class details, and every row of a course the same course details.
  const firstOf = new Map<string, Line>()
  const agree = (key: string, line: Line, fields: Column[]) => {
    const first = firstOf.get(key)
    if (!first) return firstOf.set(key, line)
    for (const field of fields) if (line.get(field) !== first.get(field)) problem(line.row, field, `Differs from line ${first.row}, which gives this ${key.startsWith('class ') ? 'class' : 'course'} first.`)
  }
  const seen = new Set<string>()
  const leads = new Map<string, number>()
  for (const line of lines) {
    const classCode = line.get('classCode')
    const courseCode = line.get('courseCode')
    for (const column of requiredColumns) if (!line.get(column)) problem(line.row, column, 'Required.')
    for (const column of ['classCode', 'courseCode'] as const) if (line.get(column) && !schoolCodePattern.test(line.get(column))) problem(line.row, column, 'Use 1 to 64 letters, digits, `.`, `_` or `-`.')
    for (const column of ['classTitle', 'courseTitle', 'subject', 'room'] as const) {
      const refusal = plainLineRefusal(line.get(column))
      if (refusal) problem(line.row, column, refusal.message)
      else if (line.get(column).length > 200) problem(line.row, column, 'At most 200 characters.')
    }
    agree(`class ${classCode}`, line, classFields)
    agree(`course ${courseCode}`, line, courseFields)
    if (line.get('classType') && !isOneOf(classKinds, line.get('classType'))) problem(line.row, 'classType', `Use ${classKinds.join(' or ')}.`)
    for (const level of words(line.get('yearLevels'))) if (!school.lists.yearLevels.includes(level)) problem(line.row, 'yearLevels', `The school has no year level "${level.slice(0, 40)}".`)
    const terms = words(line.get('terms')).map(code => sessionByCode.get(code))
    if (terms.some(term => !term)) problem(line.row, 'terms', 'Name each term by its code; one of these codes is not a session of the school.')
    else if (new Set(terms.map(term => term!.parentId ?? term!.id)).size > 1) problem(line.row, 'terms', 'A class\'s terms belong to one school year.')

    const personId = line.get('personId')
    const role = line.get('role')
    if (!personId && !role) continue
    if (!isOneOf(roles, role)) {
      problem(line.row, 'role', `Use ${roles.join(', ')}.`)
      continue
    }
    const validFrom = line.get('validFrom') || from
    const validTo = line.get('validTo') || null
    if (!isDay(validFrom)) problem(line.row, 'validFrom', 'Use a day as YYYY-MM-DD.')
    if (validTo !== null && (!isDay(validTo) || validTo < validFrom)) problem(line.row, 'validTo', 'Use a day as YYYY-MM-DD, no earlier than validFrom.')
    if (!knownPeople.has(personId)) {
      problem(line.row, 'personId', 'No person of the school has this id.')
      continue
    }
    const kind = role === 'student' ? 'student' : 'staff_member'
    if (!spans.some(span => span.personId === personId && span.kind === kind && isInForceOn(span, validFrom))) {
      problem(line.row, 'personId', `The person is not ${role === 'student' ? 'a student' : 'on the staff'} on ${validFrom}.`)
    }
    if (seen.has(`${classCode} ${personId}`)) problem(line.row, 'personId', 'The person is listed in this class twice.')
    seen.add(`${classCode} ${personId}`)
    if (role === 'lead') {
      if (leads.has(classCode)) problem(line.row, 'role', `The class already has its lead teacher on line ${leads.get(classCode)}.`)
      else leads.set(classCode, line.row)
    }
    const loginName = line.get('loginName')
    if (loginName) {
      const owner = loginOwners.get(loginName)
      if (!schoolCodePattern.test(loginName)) problem(line.row, 'loginName', 'Use 1 to 64 letters, digits, `.`, `_` or `-` (never an email address).')
      else if ((owner && owner !== personId) || (loginsInFile.has(loginName) && loginsInFile.get(loginName) !== personId)) problem(line.row, 'loginName', 'Another person has this login name.')
      else if ([...loginsInFile].some(([name, id]) => id === personId && name !== loginName)) problem(line.row, 'loginName', 'Differs from the login name given for this person on another line.')
      loginsInFile.set(loginName, personId)
    }
  }
  if (problems.length) return refused()

  await writeChanges(ctx, async (tx, changes) => {
    const now = timestampNow()
    const classLines = new Map<string, Line[]>()
    for (const line of lines) classLines.set(line.get('classCode'), [...classLines.get(line.get('classCode')) ?? [], line])
    counts.classes = classLines.size

    const courseIds = new Map<string, string>()
    for (const [code, line] of [...firstOf].filter(([key]) => key.startsWith('course ')).map(([key, line]) => [key.slice(7), line] as const)) {
      const firstTerm = sessionByCode.get(words(line.get('terms'))[0]!)!
      const values = { title: line.get('courseTitle'), subject: line.get('subject') || null, yearLevels: words(line.get('yearLevels')), schoolYearId: firstTerm.parentId ?? firstTerm.id }
      const [existing] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, school.id), eq(courses.code, code)))
      if (existing) {
        await tx.update(courses).set({ ...values, yearLevels: JSON.stringify(values.yearLevels), updatedAt: now }).where(eq(courses.id, existing.id))
        changes.record('course.updated', 'courses', existing.id)
        courseIds.set(code, existing.id)
      } else {
        const row = courseRow(school.id, { code, ...values }, now)
        await tx.insert(courses).values(row)
        changes.record('course.created', 'courses', row.id)
        courseIds.set(code, row.id)
        counts.coursesCreated++
      }
    }

    for (const [code, classRows] of classLines) {
      const line = classRows[0]!
      const values = { courseId: courseIds.get(line.get('courseCode'))!, title: line.get('classTitle'), kind: (line.get('classType') || 'scheduled') as ClassKind, room: line.get('room') || null, periods: words(line.get('periods')) }
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
      await tx.insert(classTerms).values(words(line.get('terms')).map(term => ({ classId, sessionId: sessionByCode.get(term)!.id, schoolId: school.id })))

      const listed = classRows.filter(row => row.get('personId'))
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

    for (const [loginName, personId] of loginsInFile) {
      if (logins.get(personId) === loginName) continue
      if (logins.has(personId)) await tx.update(loginNames).set({ loginName }).where(eq(loginNames.personId, personId))
      else await tx.insert(loginNames).values({ personId, schoolId: school.id, loginName })
      changes.record('person.updated', 'people', personId)
    }
  })
  return { applied: true, problems, counts }
}
