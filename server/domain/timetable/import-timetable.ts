import type { DomainContext } from '../shared/context'
import { todayInZone } from '../shared/clock'
import { isDay } from '../shared/days'
import { domainError } from '../shared/domain-error'
import { readTimetableFile, type ImportProblem } from './timetable-file'
import { checkRows, findReferences } from './check-timetable'
import { planChanges, writeTimetable, type TimetableCounts } from './write-timetable'

export type { ImportProblem } from './timetable-file'

export interface TimetableImportResult {
  /** False when the file had problems: then nothing was written. */
  applied: boolean
  problems: ImportProblem[]
  counts: TimetableCounts
}

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
  const counts: TimetableCounts = { rows: 0, classes: 0, classesCreated: 0, coursesCreated: 0, membersOpened: 0, membersClosed: 0, teachersOpened: 0, teachersClosed: 0 }

  const { lines, problems } = await readTimetableFile(csv)
  if (!lines) return { applied: false, problems, counts }
  // A header alone changes nothing: said as a problem, not written as an empty change.
  if (!lines.length) return { applied: false, problems: [{ row: 1, column: null, message: 'The file has a header but no rows: there is nothing to load.' }], counts }
  counts.rows = lines.length
  const references = await findReferences(ctx, lines)
  problems.push(...checkRows(ctx.school, lines, references, from))
  if (problems.length) return { applied: false, problems, counts }

  await writeTimetable(ctx, planChanges(lines), references, from, counts)
  return { applied: true, problems, counts }
}
