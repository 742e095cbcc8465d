import { and, eq, inArray, isNull } from 'drizzle-orm'
import { academicSessions, affiliations, loginNames, people, classKinds } from '../../../db/schema'
import { isOneOf } from '../../../shared/vocabulary'
import { plainLineRefusal } from '../../../shared/plain-text'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { isDay } from '../days/calendar'
import { isInForceOn } from '../days/in-force'
import { schoolCodePattern } from './timetable-rows'
import { requiredColumns, words, type Column, type ImportProblem, type Line } from './timetable-file'

export const roles = ['student', 'lead', 'assistant'] as const
const classFields: Column[] = ['classTitle', 'classType', 'courseCode', 'terms', 'room', 'periods']
const courseFields: Column[] = ['courseTitle', 'subject', 'yearLevels']

/** Ids and login names are looked up this many at a time, within every database's limit on bound values. */
const lookupSlice = 5000

/** What the file's rows refer to, as the school holds it: its sessions, and the people the file names with their spans and login names. */
export interface TimetableReferences {
  sessionByCode: Map<string, typeof academicSessions.$inferSelect>
  knownPeople: Set<string>
  spans: { personId: string, kind: string, validFrom: string, validTo: string | null }[]
  /** Each named person's login name now, by person. */
  logins: Map<string, string>
  /** Who holds each login name the file gives, by name. */
  loginOwners: Map<string, string>
}

/** Reads what the rows refer to, in slices of ids. */
export async function findReferences(ctx: DomainContext, lines: Line[]): Promise<TimetableReferences> {
  const school = ctx.school
  const db = ctx.database.db
  const sessionRows = await db.select().from(academicSessions).where(eq(academicSessions.schoolId, school.id))
  const references: TimetableReferences = {
    sessionByCode: new Map(sessionRows.map(row => [row.code, row])), knownPeople: new Set(), spans: [], logins: new Map(), loginOwners: new Map()
  }
  const personIds = [...new Set(lines.map(line => line.get('personId')).filter(Boolean))]
  for (let i = 0; i < personIds.length; i += lookupSlice) {
    const slice = personIds.slice(i, i + lookupSlice)
    const [found, spanRows, loginRows] = await Promise.all([
      db.select({ id: people.id }).from(people).where(and(eq(people.schoolId, school.id), inArray(people.id, slice), isNull(people.deletedAt))),
      db.select({ personId: affiliations.personId, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo })
        .from(affiliations)
        .where(and(eq(affiliations.schoolId, school.id), inArray(affiliations.personId, slice), inArray(affiliations.kind, ['student', 'staff_member']))),
      db.select().from(loginNames).where(and(eq(loginNames.schoolId, school.id), inArray(loginNames.personId, slice)))
    ])
    for (const row of found) references.knownPeople.add(row.id)
    references.spans.push(...spanRows)
    for (const row of loginRows) references.logins.set(row.personId, row.loginName)
  }
  const loginNamesWanted = [...new Set(lines.map(line => line.get('loginName')).filter(name => schoolCodePattern.test(name)))]
  for (let i = 0; i < loginNamesWanted.length; i += lookupSlice) {
    const rows = await db.select().from(loginNames)
      .where(and(eq(loginNames.schoolId, school.id), inArray(loginNames.loginName, loginNamesWanted.slice(i, i + lookupSlice))))
    for (const row of rows) references.loginOwners.set(row.loginName, row.personId)
  }
  return references
}

/**
 * Every problem of the rows, in the order of the file: values the school does not have or that break
 * its rules, and rows that disagree with each other (class and course details, a person twice in a
 * class, a second lead teacher, a login name given two ways).
 */
export function checkRows(school: SchoolRef, lines: Line[], references: TimetableReferences, from: string): ImportProblem[] {
  const problems: ImportProblem[] = []
  const problem: Report = (row, column, message) => problems.push({ row, column, message })
  const agree = detailsAgree(problem)
  const checkPerson = personChecks(references, from, problem)
  for (const line of lines) {
    checkValues(line, problem)
    agree(`class ${line.get('classCode')}`, line, classFields)
    agree(`course ${line.get('courseCode')}`, line, courseFields)
    checkSchoolLists(school, line, references, problem)
    checkPerson(line)
  }
  return problems
}

type Report = (row: number, column: Column | null, message: string) => void

/** A row's class and course values on their own: required, codes, plain text. */
function checkValues(line: Line, problem: Report): void {
  for (const column of requiredColumns) if (!line.get(column)) problem(line.row, column, 'Required.')
  for (const column of ['classCode', 'courseCode'] as const) if (line.get(column) && !schoolCodePattern.test(line.get(column))) {
    problem(line.row, column, 'Use 1 to 64 letters, digits, `.`, `_` or `-`.')
  }
  for (const column of ['classTitle', 'courseTitle', 'subject', 'room'] as const) {
    const refusal = plainLineRefusal(line.get(column))
    if (refusal) problem(line.row, column, refusal.message)
    else if (line.get(column).length > 200) problem(line.row, column, 'At most 200 characters.')
  }
}

/** Every row of a class gives the same class details, and every row of a course the same course details, as the first row that gave them. */
function detailsAgree(problem: Report) {
  const firstOf = new Map<string, Line>()
  return (key: string, line: Line, fields: Column[]) => {
    const first = firstOf.get(key)
    if (!first) return firstOf.set(key, line)
    for (const field of fields) if (line.get(field) !== first.get(field)) {
      problem(line.row, field, `Differs from line ${first.row}, which gives this ${key.startsWith('class ') ? 'class' : 'course'} first.`)
    }
  }
}

/** A row's class type, year levels and terms are among what the school has; a class's terms are of one school year. */
function checkSchoolLists(school: SchoolRef, line: Line, references: TimetableReferences, problem: Report): void {
  if (line.get('classType') && !isOneOf(classKinds, line.get('classType'))) problem(line.row, 'classType', `Use ${classKinds.join(' or ')}.`)
  for (const level of words(line.get('yearLevels'))) if (!school.lists.yearLevels.includes(level)) {
    problem(line.row, 'yearLevels', `The school has no year level "${level.slice(0, 40)}".`)
  }
  const terms = words(line.get('terms')).map(code => references.sessionByCode.get(code))
  if (terms.some(term => !term)) problem(line.row, 'terms', 'Name each term by its code; one of these codes is not a session of the school.')
  else if (new Set(terms.map(term => term!.parentId ?? term!.id)).size > 1) problem(line.row, 'terms', 'A class\'s terms belong to one school year.')
}

/**
 * The checks of a row's person, role, days and login name, row after row: the person is the school's,
 * a student or on the staff on their first day, listed once in a class, the class's only lead, and
 * has one login name no one else has.
 */
function personChecks(references: TimetableReferences, from: string, problem: Report) {
  const seen = new Set<string>()
  const leads = new Map<string, number>()
  const loginsInFile = new Map<string, string>()
  return (line: Line) => {
    const classCode = line.get('classCode')
    const personId = line.get('personId')
    const role = line.get('role')
    if (!personId && !role) return
    if (!isOneOf(roles, role)) return problem(line.row, 'role', `Use ${roles.join(', ')}.`)
    const validFrom = line.get('validFrom') || from
    const validTo = line.get('validTo') || null
    if (!isDay(validFrom)) problem(line.row, 'validFrom', 'Use a day as YYYY-MM-DD.')
    if (validTo !== null && (!isDay(validTo) || validTo < validFrom)) problem(line.row, 'validTo', 'Use a day as YYYY-MM-DD, no earlier than validFrom.')
    if (!references.knownPeople.has(personId)) return problem(line.row, 'personId', 'No person of the school has this id.')
    const kind = role === 'student' ? 'student' : 'staff_member'
    if (!references.spans.some(span => span.personId === personId && span.kind === kind && isInForceOn(span, validFrom))) {
      problem(line.row, 'personId', `The person is not ${role === 'student' ? 'a student' : 'on the staff'} on ${validFrom}.`)
    }
    if (seen.has(`${classCode} ${personId}`)) problem(line.row, 'personId', 'The person is listed in this class twice.')
    seen.add(`${classCode} ${personId}`)
    if (role === 'lead') {
      if (leads.has(classCode)) problem(line.row, 'role', `The class already has its lead teacher on line ${leads.get(classCode)}.`)
      else leads.set(classCode, line.row)
    }
    const loginName = line.get('loginName')
    if (!loginName) return
    const owner = references.loginOwners.get(loginName)
    if (!schoolCodePattern.test(loginName)) problem(line.row, 'loginName', 'Use 1 to 64 letters, digits, `.`, `_` or `-` (never an email address).')
    else if ((owner && owner !== personId) || (loginsInFile.has(loginName) && loginsInFile.get(loginName) !== personId)) {
      problem(line.row, 'loginName', 'Another person has this login name.')
    } else if ([...loginsInFile].some(([name, id]) => id === personId && name !== loginName)) {
      problem(line.row, 'loginName', 'Differs from the login name given for this person on another line.')
    }
    loginsInFile.set(loginName, personId)
  }
}
