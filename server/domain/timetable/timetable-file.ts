import { isUnreadable, readCsvLines, type CsvLine } from '../imports/read-csv'
import { isOneOf } from '../../../shared/vocabulary'

/** A problem with one row of an import: its line in the file (the header is line 1), the column, and what is wrong. */
export interface ImportProblem { row: number, column: string | null, message: string }

export const columns = [
  'classCode', 'classTitle', 'classType', 'courseCode', 'courseTitle', 'subject', 'yearLevels', 'terms', 'room', 'periods', 'personId', 'role',
  'loginName', 'validFrom', 'validTo'
] as const
export type Column = typeof columns[number]
export const requiredColumns: Column[] = ['classCode', 'classTitle', 'courseCode', 'courseTitle', 'terms']

/** A row of the file: its line, and its values by column, trimmed ('' for a column the file lacks). */
export interface Line { row: number, get: (column: Column) => string }

/** A space-separated list of a cell (`yearLevels`, `terms`, `periods`). */
export const words = (value: string) => value.split(/\s+/).filter(Boolean)

const unreadable: ImportProblem = { row: 1, column: null, message: 'The file is not readable CSV (an unterminated quote, or a stray quote inside a value).' }

/**
 * Reads the timetable file through the shared CSV reader. A broken quote anywhere makes the whole
 * file one problem, and a bad header the header's problems: then `lines` is absent and nothing more
 * is checked. A row with more or fewer values than the header is a problem, and its values are still
 * checked (the missing ones are empty).
 */
export async function readTimetableFile(csv: string): Promise<{ problems: ImportProblem[], lines?: Line[] }> {
  const records: CsvLine[] = []
  for await (const record of readCsvLines(csv)) {
    if (isUnreadable(record)) return { problems: [unreadable] }
    records.push(record)
  }
  const [header, ...body] = records
  const { at, problems } = columnsOf(header?.fields ?? [])
  if (problems.length) return { problems }
  const lines = body.map(({ line, fields }): Line => ({ row: line, get: column => at.has(column) ? (fields[at.get(column)!] ?? '').trim() : '' }))
  body.forEach(({ line, fields }) => {
    if (fields.length !== header!.fields.length) {
      problems.push({ row: line, column: null, message: `The row has ${fields.length} values; the header has ${header!.fields.length}.` })
    }
  })
  return { problems, lines }
}

/** Where each column is in the header, and what is wrong with the header: a name taken as written, unknown, repeated or missing. */
function columnsOf(header: string[]): { at: Map<Column, number>, problems: ImportProblem[] } {
  const at = new Map<Column, number>()
  const problems: ImportProblem[] = []
  header.forEach((name, i) => {
    if (!isOneOf(columns, name)) {
      problems.push({ row: 1, column: null, message: `Unknown column "${name.slice(0, 40)}"; the columns are ${columns.join(', ')}.` })
    } else if (at.has(name)) problems.push({ row: 1, column: name, message: 'The column appears twice.' })
    else at.set(name, i)
  })
  for (const name of requiredColumns) if (!at.has(name)) problems.push({ row: 1, column: name, message: 'A required column is missing.' })
  return { at, problems }
}
