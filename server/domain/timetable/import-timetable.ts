import { and, eq, inArray } from 'drizzle-orm'
import { classes, courses } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { isDay } from '../days/calendar'
import { domainError } from '../shared/domain-error'
import { checkCsvText } from '../imports/read-csv'
import { readTimetableFile, type ImportProblem, type Line } from './timetable-file'
import { checkRows, findReferences, type TimetableReferences } from './check-timetable'
import { planChanges, writeTimetable, type TimetableCounts, type TimetablePlan } from './write-timetable'

export type { ImportProblem } from './timetable-file'

export interface TimetableImportResult {
  /** False when the file had problems: then nothing was written. */
  applied: boolean
  problems: ImportProblem[]
  counts: TimetableCounts
}

/** A file checked against the school: its rows and what they refer to when it has no problem. */
type CheckedTimetable =
  | { from: string, problems: ImportProblem[], counts: TimetableCounts, lines?: undefined }
  | { from: string, problems: [], counts: TimetableCounts, lines: Line[], references: TimetableReferences }

/** A class as a preview lists it: new or already the school's, with the students and staff the file lists. */
interface PreviewedClass { code: string, title: string, courseCode: string, terms: string, isNew: boolean, students: number, staff: number }

/** The classes of a preview that are listed one by one; the counts cover them all. */
export const previewedClasses = 200

const noCounts = (): TimetableCounts => ({
  rows: 0, classes: 0, classesCreated: 0, coursesCreated: 0, membersOpened: 0, membersClosed: 0, teachersOpened: 0, teachersClosed: 0
})

/**
 * The first step of a load: the file read and every row checked against the school (its sessions,
 * people, lists and rules), writing nothing. The text is refused whole past 8 MiB or with a control
 * character, as every import refuses it.
 */
export async function checkTimetable(ctx: DomainContext, csv: string, options: { from?: string } = {}): Promise<CheckedTimetable> {
  const from = options.from ?? todayInZone(ctx.school.timeZone)
  if (!isDay(from)) {
    throw domainError('validation_failed', ['from: Use a day as YYYY-MM-DD.'], { fields: [{ path: 'from', message: 'Use a day as YYYY-MM-DD.' }] })
  }
  checkCsvText(csv, 'csv')
  const counts = noCounts()
  const { lines, problems } = await readTimetableFile(csv)
  if (!lines) return { from, problems, counts }
  // A header alone changes nothing: said as a problem, not written as an empty change.
  if (!lines.length) return { from, problems: [{ row: 1, column: null, message: 'The file has a header but no rows: there is nothing to load.' }], counts }
  counts.rows = lines.length
  const references = await findReferences(ctx, lines)
  problems.push(...checkRows(ctx.school, lines, references, from))
  if (problems.length) return { from, problems, counts }
  return { from, problems: [], counts, lines, references }
}

/**
 * What loading the file would do, writing nothing: its problems (then it cannot be loaded), or its
 * classes and courses, new ones marked, with the students and staff each lists. The screens show it
 * before the same file is sent to importTimetable, which checks it again.
 */
export async function previewTimetable(ctx: DomainContext, csv: string, options: { from?: string } = {}) {
  const checked = await checkTimetable(ctx, csv, options)
  if (!checked.lines) return {
    from: checked.from, problems: checked.problems, rows: checked.counts.rows, classes: 0, classesNew: 0, courses: 0, coursesNew: 0,
    listed: [] as PreviewedClass[]
  }
  const plan = planChanges(checked.lines)
  const known = await knownCodes(ctx, plan)
  const listed = [...plan.classes].map(([code, rows]): PreviewedClass => ({
    code,
    title: rows[0]!.get('classTitle'),
    courseCode: rows[0]!.get('courseCode'),
    terms: rows[0]!.get('terms'),
    isNew: !known.classes.has(code),
    students: rows.filter(row => row.get('personId') && row.get('role') === 'student').length,
    staff: rows.filter(row => row.get('personId') && row.get('role') !== 'student').length
  }))
  return {
    from: checked.from,
    problems: [] as ImportProblem[],
    rows: checked.counts.rows,
    classes: plan.classes.size,
    classesNew: listed.filter(found => found.isNew).length,
    courses: plan.courses.size,
    coursesNew: [...plan.courses.keys()].filter(code => !known.courses.has(code)).length,
    listed: listed.slice(0, previewedClasses)
  }
}

/** Which of the plan's class and course codes the school already has, looked up in slices. */
async function knownCodes({ database, school }: DomainContext, plan: TimetablePlan) {
  const known = { classes: new Set<string>(), courses: new Set<string>() }
  const classCodes = [...plan.classes.keys()]
  const courseCodes = [...plan.courses.keys()]
  for (let i = 0; i < classCodes.length; i += 5000) {
    const rows = await database.db.select({ code: classes.code }).from(classes)
      .where(and(eq(classes.schoolId, school.id), inArray(classes.code, classCodes.slice(i, i + 5000))))
    for (const row of rows) known.classes.add(row.code)
  }
  for (let i = 0; i < courseCodes.length; i += 5000) {
    const rows = await database.db.select({ code: courses.code }).from(courses)
      .where(and(eq(courses.schoolId, school.id), inArray(courses.code, courseCodes.slice(i, i + 5000))))
    for (const row of rows) known.courses.add(row.code)
  }
  return known
}

/**
 * Loads a term's timetable from one CSV file (docs/timetable.md) in one transaction. Each class the
 * file names is created or brought up to date, with its course; the file lists each such class's
 * whole membership and teaching from `from` (default today): people listed and not yet in it are
 * added from `from` (or their row's `validFrom`), and people in it on `from` but not listed leave it
 * the day before. Classes the file does not name are left alone. Every row is checked first
 * (checkTimetable) and every problem reported; when there is any, nothing is written.
 */
export async function importTimetable(ctx: DomainContext, csv: string, options: { from?: string } = {}): Promise<TimetableImportResult> {
  const checked = await checkTimetable(ctx, csv, options)
  if (!checked.lines) return { applied: false, problems: checked.problems, counts: checked.counts }
  await writeTimetable(ctx, planChanges(checked.lines), checked.references, checked.from, checked.counts)
  return { applied: true, problems: [], counts: checked.counts }
}
