import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { affiliations, people, personSourceIds, staffChecks, staffImports } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { spansOverlap } from '../days/calendar'
import { isInForceOn } from '../days/in-force'
import { endSpan } from '../days/close-span'
import { personRow } from '../people/person-record'
import { affiliationRow } from '../affiliations/open-affiliation'
import { personName } from '../../../shared/schemas/common'
import type { HrisColumns, ImportProblem } from '../../../shared/schemas/imports'
import type { HrisDateFormat } from '../../../shared/vocabulary'
import { hrisFieldNames } from '../../../shared/schemas/imports-settings'
import { checkCsvText, readCsv } from './read-csv'
import { ProblemList, quotedValue } from './problem-list'
import { requireHrisMapping, type HrisMapping } from './hris-mappings'
import { readHrisDay } from './hris-dates'
import { groupBy, hrisSystem, sourceIdMap } from './source-ids'
import { bulkInsert } from '../../../db/bulk-insert'
import { plainLineRefusal } from '../../../shared/plain-text'

export interface StaffImportInput {
  mappingId: string
  csv: string
}

interface StaffRow {
  line: number
  employeeId: string
  familyName: string
  givenNames: string
  dateOfBirth: string | null
  startDate: string
  endDate: string | null
  role: string | null
  check: { type: string, number: string, expiresOn: string | null } | null
}

type Counts = { rows: number, created: number, opened: number, closed: number, checks: number, problems: number }

/** The problems an answer lists stay under this many bytes, so the answer stays under 256 KiB. */
const problemBytes = 200 * 1024

type HrisField = typeof hrisFieldNames[number]

/**
 * A line of the export as the mapping reads it: each field's value as read (a day as `YYYY-MM-DD`), the row when
 * it can be used, and its problems by column.
 */
interface StaffRowReading {
  read: Partial<Record<HrisField, string | null>>
  row: StaffRow | null
  problems: ImportProblem[]
}

/** Reads one line of the export by the mapping; its problems, each by column, when it cannot be used. */
function readStaffRow(line: number, values: Record<string, string>, mapping: Pick<HrisMapping, 'columns' | 'dateFormat'>): StaffRowReading {
  const { columns, dateFormat } = mapping
  const problems: ImportProblem[] = []
  const read: StaffRowReading['read'] = {}
  const problem = (column: string, reason: string) => problems.push({ row: line, column, reason })
  const text = (column: string | undefined) => {
    const value = column === undefined ? '' : values[column] ?? ''
    const refusal = plainLineRefusal(value, { trimmed: true })
    if (refusal) problem(column!, refusal.message)
    return refusal ? '' : value.trim()
  }
  const name = (column: string) => {
    const parsed = personName.safeParse(values[column] ?? '')
    if (!parsed.success) problem(column, parsed.error.issues[0]!.message)
    return parsed.success ? parsed.data : ''
  }
  const dayIn = (column: string | undefined, required: boolean) => {
    const value = text(column)
    if (!value) {
      if (required) problem(column!, 'Required.')
      return null
    }
    const day = readHrisDay(value, dateFormat)
    if (!day) problem(column!, `Not a day written ${dateFormat}.`)
    return day
  }
  const employeeId = text(columns.employeeId)
  if (!employeeId) problem(columns.employeeId, 'Required.')
  else if (employeeId.length > 100) problem(columns.employeeId, 'At most 100 characters.')
  const familyName = name(columns.familyName)
  const givenNames = name(columns.givenNames)
  const dateOfBirth = dayIn(columns.dateOfBirth, false)
  const startDate = dayIn(columns.startDate, true)
  const endDate = dayIn(columns.endDate, false)
  if (startDate && endDate && endDate < startDate) problem(columns.endDate!, `The end date comes before the start date (${startDate}).`)
  const role = text(columns.role) || null
  if (role && role.length > 200) problem(columns.role!, 'At most 200 characters.')
  const checkType = text(columns.checkType)
  const checkNumber = text(columns.checkNumber)
  const expiresOn = dayIn(columns.checkExpiry, false)
  if (checkType && !checkNumber) problem(columns.checkNumber ?? columns.checkType!, 'A check needs its number.')
  if (checkNumber && !checkType) problem(columns.checkType ?? columns.checkNumber!, 'A check needs its type.')
  if (!checkType && !checkNumber && expiresOn) problem(columns.checkExpiry!, 'An expiry needs a check type and number.')
  Object.assign(read, {
    employeeId: employeeId || null, familyName: familyName || null, givenNames: givenNames || null, dateOfBirth, startDate, endDate, role,
    checkType: checkType || null, checkNumber: checkNumber || null, checkExpiry: expiresOn
  })
  if (problems.length) return { read, row: null, problems }
  return {
    read,
    problems,
    row: {
      line, employeeId, familyName, givenNames, dateOfBirth, startDate: startDate!, endDate, role,
      check: checkType && checkNumber ? { type: checkType, number: checkNumber, expiresOn } : null
    }
  }
}

/**
 * How the first lines of a sample export read by a mapping being made (the HRIS settings screen's
 * live preview): for each line and each field its column names, the value as it stands, the value
 * as the import would read it, and what the import would say of it. The import's own reading
 * (readStaffRow), so the preview never differs from what an import does.
 */
export function previewStaffRows(
  header: string[], lines: { line: number, values: string[] }[], mapping: { columns: Partial<HrisColumns>, dateFormat: HrisDateFormat }
) {
  const columns: Partial<Record<HrisField, string>> = mapping.columns
  return lines.map(({ line, values }) => {
    const byColumn: Record<string, string> = {}
    for (const [i, column] of header.entries()) byColumn[column] = values[i] ?? ''
    // A field not mapped yet reads as empty, and its problems name no column of the sample.
    const { read, problems } = readStaffRow(line, byColumn, mapping as Pick<HrisMapping, 'columns' | 'dateFormat'>)
    const fields = hrisFieldNames.filter(field => columns[field] !== undefined).map((field) => {
      const column = columns[field]!
      const reasons = column in byColumn
        ? problems.filter(problem => problem.column === column).map(problem => problem.reason)
        : [`The sample has no column "${quotedValue(column)}".`]
      return { field, column, value: byColumn[column] ?? null, read: read[field] ?? null, ...(reasons.length ? { problem: reasons.join(' ') } : {}) }
    })
    return { line, fields, usable: problems.length === 0 }
  })
}

class NothingChanged extends Error {
  constructor(readonly problems: ProblemList<ImportProblem>) {
    super('The import changed nothing')
  }
}

/**
 * Imports the school's HRIS export (docs/imports.md): people are matched on the employee id, and a
 * new one is created; each row's start and end dates open and close a `staff_member` span; checks
 * are recorded by type and number, with their expiry. A row that cannot be used is a problem and the
 * others go on. Staff with open employment whom the export leaves out are problems and stay
 * employed. One transaction; a file imported again changes nothing and records no event.
 */
export async function importStaff(ctx: DomainContext, input: StaffImportInput) {
  checkCsvText(input.csv, 'csv')
  await nextTurn()
  const mapping = await requireHrisMapping(ctx.database.db, ctx.school, input.mappingId)
  const { columns } = mapping
  const required = [columns.employeeId, columns.familyName, columns.givenNames, columns.startDate]
  const optional = [columns.dateOfBirth, columns.endDate, columns.role, columns.checkType, columns.checkNumber, columns.checkExpiry].filter((c): c is string =>
    c !== undefined)
  const csv = await readCsv(input.csv, { required, optional, allowOthers: true })
  if (csv.headerProblems.length) throw domainError('unprocessable', csv.headerProblems)

  const problems = new ProblemList<ImportProblem>(problemBytes)
  const rows: StaffRow[] = []
  const lineOfEmployee = new Map<string, number>()
  let lines = 0
  for await (const record of csv.records) {
    lines++
    if (!('values' in record)) {
      problems.add({ row: record.line, column: null, reason: record.reason })
      continue
    }
    const { row, problems: found } = readStaffRow(record.line, record.values, mapping)
    if (!row) {
      for (const problem of found) problems.add(problem)
    } else if (lineOfEmployee.has(row.employeeId)) {
      problems.add({
        row: row.line, column: columns.employeeId,
        reason: `The employee id ${row.employeeId} is on line ${lineOfEmployee.get(row.employeeId)} already.`
      })
    } else {
      lineOfEmployee.set(row.employeeId, row.line)
      rows.push(row)
    }
  }

  const runId = newId('run')
  const createdAt = timestampNow()
  const answer = (counts: Omit<Counts, 'rows' | 'problems'>, allProblems: ProblemList<ImportProblem>) => ({
    run: { id: runId, mappingId: mapping.id, createdAt },
    problems: allProblems.listed,
    problemsNotListed: allProblems.notListed,
    counts: { rows: lines, ...counts, problems: allProblems.total }
  })
  const keepRun = (tx: Db, result: ReturnType<typeof answer>) => tx.insert(staffImports).values({
    id: runId, schoolId: ctx.school.id, mappingId: mapping.id, counts: JSON.stringify(result.counts), problems: JSON.stringify(result.problems), createdAt
  })
  try {
    return await writeChanges(ctx, async (tx, changes) => {
      let recorded = 0
      const counted: ChangeLog = {
        record: (...change) => {
          recorded++
          changes.record(...change)
        }
      }
      const { counts, problems: found } = await applyStaffRows(tx, counted, ctx, rows, mapping)
      const result = answer(counts, mergedProblems(problems, found))
      if (recorded === 0) throw new NothingChanged(mergedProblems(problems, found))
      await keepRun(tx, result)
      changes.record('staff_import.completed', 'staff_imports', runId)
      return result
    })
  } catch (error) {
    if (!(error instanceof NothingChanged)) throw error
    // Nothing to announce: the run is kept for the school's history, outside the outbox.
    const result = answer({ created: 0, opened: 0, closed: 0, checks: 0 }, error.problems)
    await ctx.database.transaction(tx => keepRun(tx, result))
    return result
  }
}

const byRow = (a: ImportProblem, b: ImportProblem) => (a.row ?? Infinity) - (b.row ?? Infinity)

/**
 * The file's problems and the import's, by row (those with none last), as one list. Each list holds
 * the first of its own in row order, so the first of both together are among them.
 */
function mergedProblems(file: ProblemList<ImportProblem>, found: ProblemList<ImportProblem>): ProblemList<ImportProblem> {
  const merged = new ProblemList<ImportProblem>(problemBytes)
  for (const problem of [...file.listed, ...found.listed].sort(byRow)) merged.add(problem)
  merged.total = file.total + found.total
  return merged
}

/** The import's changes, inside its write: people, spans and checks, with an event for each. */
async function applyStaffRows(tx: Db, changes: ChangeLog, ctx: DomainContext, rows: StaffRow[], mapping: HrisMapping) {
  const school = ctx.school
  const now = timestampNow()
  const today = todayInZone(school.timeZone)
  const counts = { created: 0, opened: 0, closed: 0, checks: 0 }
  const problems = new ProblemList<ImportProblem>(problemBytes)
  const linked = await sourceIdMap(tx, school, hrisSystem)
  const hrisLink = (personId: SQLiteColumn) => and(eq(personSourceIds.personId, personId), eq(personSourceIds.system, hrisSystem))
  const spans = (await tx.select({ span: affiliations }).from(affiliations).innerJoin(personSourceIds, hrisLink(affiliations.personId))
    .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.kind, 'staff_member')))).map(row => row.span)
  const checks = (await tx.select({ check: staffChecks }).from(staffChecks).innerJoin(personSourceIds, hrisLink(staffChecks.personId))
    .where(eq(staffChecks.schoolId, school.id))).map(row => row.check)
  const spansOf = groupBy(spans, span => span.personId)
  const newPeople: (typeof people.$inferInsert)[] = []
  const newLinks: (typeof personSourceIds.$inferInsert)[] = []
  const newSpans: (typeof affiliations.$inferInsert)[] = []
  const newChecks: (typeof staffChecks.$inferInsert)[] = []

  for (const row of rows) {
    let personId = linked.get(row.employeeId)
    if (!personId) {
      const person = personRow(school.id, row, now)
      personId = person.id
      newPeople.push(person)
      newLinks.push({ schoolId: school.id, system: hrisSystem, sourceId: row.employeeId, personId, createdAt: now })
      changes.record('person.created', 'people', personId)
      counts.created++
    }
    const own = spansOf.get(personId) ?? []
    const same = own.find(span => span.validFrom === row.startDate)
    if (same) {
      if (same.validTo !== row.endDate || (row.role !== null && same.role !== row.role)) {
        const role = row.role ?? same.role
        if (row.endDate) await endSpan(tx, affiliations, same, row.endDate, { role })
        else await tx.update(affiliations).set({ validTo: null, role }).where(eq(affiliations.id, same.id))
        changes.record('affiliation.updated', 'affiliations', same.id)
        if (same.validTo !== row.endDate) {
          if (row.endDate) counts.closed++
          else counts.opened++
        }
      }
    } else {
      const span = { validFrom: row.startDate, validTo: row.endDate }
      const clash = own.find(other => spansOverlap(other, span))
      if (clash) {
        const until = clash.validTo ? ` to ${clash.validTo}` : ''
        problems.add({
          row: row.line, column: mapping.columns.startDate,
          reason: `Employee ${row.employeeId} already has employment from ${clash.validFrom}${until}, which this one would overlap.`
        })
      } else {
        const created = affiliationRow(school.id, { personId, kind: 'staff_member', ...span, role: row.role }, now)
        newSpans.push(created)
        changes.record('affiliation.created', 'affiliations', created.id)
        counts.opened++
        if (row.endDate) counts.closed++
      }
    }
    if (row.check) {
      const { type, number, expiresOn } = row.check
      const existing = checks.find(check => check.personId === personId && check.type === type && check.number === number)
      if (!existing) {
        const id = newId('chk')
        newChecks.push({ id, schoolId: school.id, personId, type, number, expiresOn, recordedAt: now })
        changes.record('staff_check.created', 'staff_checks', id)
        counts.checks++
      } else if (expiresOn !== null && existing.expiresOn !== expiresOn) {
        await tx.update(staffChecks).set({ expiresOn, recordedAt: now }).where(eq(staffChecks.id, existing.id))
        changes.record('staff_check.updated', 'staff_checks', existing.id)
        counts.checks++
      }
    }
  }
  await bulkInsert(tx, people, newPeople)
  await bulkInsert(tx, personSourceIds, newLinks)
  await bulkInsert(tx, affiliations, newSpans)
  await bulkInsert(tx, staffChecks, newChecks)

  const inFile = new Set(rows.map(row => row.employeeId))
  for (const [employeeId, personId] of linked) {
    if (inFile.has(employeeId)) continue
    const open = (spansOf.get(personId) ?? []).some(span => isInForceOn(span, today))
    if (open) problems.add({
      row: null, column: mapping.columns.employeeId,
      reason: `Employee ${employeeId} has open employment but is missing from the export; their employment stays open.`
    })
  }
  return { counts, problems }
}
