import { eq } from 'drizzle-orm'
import { campuses } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { isDay } from '../../../shared/calendar-day'
import { personName } from '../../../shared/schemas/common'
import type { ImportProblem } from '../../../shared/schemas/imports'
import { readCsv, type UnreadableLine } from './read-csv'
import { plainLineRefusal } from '../../../shared/plain-text'
import { ProblemList, quotedValue } from './problem-list'
import { readPreferredLanguage } from '../people/preferred-language'

/** Each list of a sync's answer stays under this many bytes, so the answer stays under 256 KiB. */
const listBytes = 100 * 1024

export interface SyncRow {
  line: number
  sourceId: string
  familyName: string
  givenNames: string
  dateOfBirth: string
  /** The shipped tag of the person's preferred language; undefined when the file gives none (or a refused one: a problem), and the person keeps theirs. */
  preferredLanguage?: string
  /** Undefined when the file gives none (or one the school does not have: a problem); the span keeps its own. */
  yearLevel?: string
  campusId?: string
}

export interface SyncFile {
  rows: SyncRow[]
  /** Lines of people in the file, readable or not. */
  lines: number
  /** The first unreadable lines (problem-list.ts); `unreadableCount` counts them all. */
  unreadable: UnreadableLine[]
  unreadableCount: number
  /** The first problems; `problemsCount` counts them all. */
  problems: ImportProblem[]
  problemsCount: number
}

/**
 * Reads a people sync file (docs/decisions.md): columns `id`, `familyName`, `givenNames`,
 * `dateOfBirth`, and optionally `yearLevel`, `campus` and `preferredLanguage`. A line is unreadable when it is not CSV,
 * has the wrong number of fields, misses a required value, has a bad day or repeats an id. A year
 * level or campus the school does not have, or a preferred language it does not offer, is a problem:
 * the person is still synced, without it.
 * A campus is named by its SIS code or its name.
 */
export async function readSyncFile(db: Db, school: SchoolRef, text: string): Promise<SyncFile> {
  const csv = await readCsv(text, { required: ['id', 'familyName', 'givenNames', 'dateOfBirth'], optional: ['yearLevel', 'campus', 'preferredLanguage'] })
  const rows: SyncRow[] = []
  const unreadable = new ProblemList<UnreadableLine>(listBytes)
  const problems = new ProblemList<ImportProblem>(listBytes)
  let lines = 0
  const file = (): SyncFile => ({
    rows, lines,
    unreadable: unreadable.listed.sort((a, b) => a.line - b.line), unreadableCount: unreadable.total,
    problems: problems.listed, problemsCount: problems.total
  })
  for (const reason of csv.headerProblems) unreadable.add({ line: 1, reason })
  if (csv.headerProblems.length) return file()
  const schoolCampuses = await db.select({ id: campuses.id, name: campuses.name, sisCode: campuses.sisCode }).from(campuses)
    .where(eq(campuses.schoolId, school.id))
  const campusIdOf = new Map<string, string>()
  for (const campus of schoolCampuses) campusIdOf.set(campus.name, campus.id)
  for (const campus of schoolCampuses) if (campus.sisCode) campusIdOf.set(campus.sisCode, campus.id)
  const lineOfId = new Map<string, number>()

  for await (const record of csv.records) {
    lines++
    if (!('values' in record)) {
      unreadable.add(record)
      continue
    }
    const { line, values } = record
    const reasons: string[] = []
    const sourceId = values.id!.trim()
    const idRefusal = plainLineRefusal(values.id!, { trimmed: true })
    if (idRefusal) reasons.push(`id: ${idRefusal.message}`)
    else if (!sourceId) reasons.push('The id is missing.')
    else if (sourceId.length > 100) reasons.push('The id is longer than 100 characters.')
    else if (lineOfId.has(sourceId)) reasons.push(`The id ${sourceId} is on line ${lineOfId.get(sourceId)} already.`)
    const names = (['familyName', 'givenNames'] as const).map((column) => {
      const parsed = personName.safeParse(values[column])
      if (!parsed.success) reasons.push(`${column}: ${parsed.error.issues[0]!.message}`)
      return parsed.success ? parsed.data : ''
    })
    const dateOfBirth = values.dateOfBirth!.trim()
    if (!dateOfBirth) reasons.push('dateOfBirth: Required.')
    else if (!isDay(dateOfBirth)) reasons.push('dateOfBirth: Not a day written YYYY-MM-DD.')
    if (reasons.length) {
      unreadable.add({ line, reason: reasons.join(' ') })
      continue
    }
    lineOfId.set(sourceId, line)
    const row: SyncRow = { line, sourceId, familyName: names[0]!, givenNames: names[1]!, dateOfBirth }
    const yearLevel = values.yearLevel?.trim()
    if (yearLevel) {
      if (school.lists.yearLevels.includes(yearLevel)) row.yearLevel = yearLevel
      else problems.add({
        row: line, column: 'yearLevel', reason: `The school has no year level "${quotedValue(yearLevel)}"; the person is synced without it.`
      })
    }
    const campus = values.campus?.trim()
    if (campus) {
      const campusId = campusIdOf.get(campus)
      if (campusId) row.campusId = campusId
      else problems.add({
        row: line, column: 'campus', reason: `The school has no campus named or coded "${quotedValue(campus)}"; the person is synced without it.`
      })
    }
    const language = values.preferredLanguage?.trim()
    if (language) {
      const read = readPreferredLanguage(school, language)
      if ('code' in read) row.preferredLanguage = read.code
      else problems.add({ row: line, column: 'preferredLanguage', reason: `${read.problem} The person is synced without it.` })
    }
    rows.push(row)
  }
  return file()
}
