import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { parse, type CsvError, type InfoRecord, type Options } from 'csv-parse'
import { multilineTextRefusal } from '../../../shared/plain-text'
import { domainError, validationFailed } from '../shared/domain-error'
import { quotedValue } from './problem-list'

/** The largest CSV an import or sync takes, in bytes of UTF-8 (8 MiB). */
export const maxCsvBytes = 8 * 1024 * 1024

/** The most columns a header may name: an HRIS export has dozens, and each column costs work on every line. */
export const maxCsvColumns = 500

/** The text is handed to the parser in slices of this many characters, so it holds only a few hundred lines' records at once. */
const sliceLength = 16 * 1024

/**
 * The longest the reader (and what the caller does with each line) works before it lets the event loop turn: an
 * 8 MiB file takes seconds, and the process must go on answering others meanwhile.
 */
const turnMs = 20

/** A line that could not be read, by its number in the file (the header is line 1). */
export interface UnreadableLine {
  line: number
  reason: string
}

export type CsvRecord = { line: number, values: Record<string, string> } | UnreadableLine

export interface CsvHeaderRule {
  /** Columns that must be present, each once. */
  required: readonly string[]
  /** Columns that may be present, each at most once. */
  optional?: readonly string[]
  /** Columns outside both lists are refused unless this is set (an HRIS export has columns a mapping does not use). */
  allowOthers?: boolean
}

const lineOf = (text: string, index: number) => {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Refuses text no line of which could be stored: past 8 MiB (`payload_too_large`), not UTF-8
 * (a lone surrogate sent as a JSON escape), or holding a NUL or another control character, which
 * PostgreSQL refuses and SQLite keeps. Each refusal names the line, the same on both databases.
 */
export function checkCsvText(text: string, field: string): void {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > maxCsvBytes) throw domainError('payload_too_large', [`${field}: the file is ${bytes} bytes; it may be at most ${maxCsvBytes} bytes (8 MiB).`])
  const surrogate = loneSurrogate.exec(text)
  if (surrogate) throw validationFailed([{ path: field, message: `Line ${lineOf(text, surrogate.index)} is not UTF-8 text.` }])
  const control = multilineTextRefusal(text, true)
  if (control) throw validationFailed([{ path: field, message: control.message }])
}

/** What the header line says is wrong with the file as a whole; empty when it can be read. */
function headerProblems(header: string[], rule: CsvHeaderRule): string[] {
  const known = new Set([...rule.required, ...rule.optional ?? []])
  const names = header.map(name => name.trim())
  const problems: string[] = []
  if (names.length === 1) {
    const other = [';', '\t', '|'].find(delimiter => names[0]!.includes(delimiter))
    if (other) return [`Line 1 (the header) is separated by ${other === '\t' ? 'tabs' : `"${other}"`}; separate the fields with commas.`]
  }
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) problems.push(`Line 1 (the header) names the column "${quotedValue(name)}" more than once.`)
    seen.add(name)
    if (!rule.allowOthers && !known.has(name)) {
      problems.push(`Line 1 (the header) names an unknown column "${quotedValue(name)}"; the columns are ${[...known].join(', ')}.`)
    }
  }
  for (const name of rule.required) if (!seen.has(name)) problems.push(`Line 1 (the header) lacks the required column "${name}".`)
  return problems
}

const csvReasons: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quote opened on this line is never closed, so nothing after it could be read.',
  INVALID_OPENING_QUOTE: 'A quote appears inside a field that is not quoted; quote the whole field and double the quote.',
  CSV_INVALID_CLOSING_QUOTE: 'A quoted field goes on after its closing quote; double a quote inside a quoted field.'
}

/** A record as it stands in the file: its fields in order, by the line it starts on (the header is line 1). */
export interface CsvLine {
  line: number
  fields: string[]
}

/** A record with the line it ends on, as the parser hands it on. */
type NumberedLine = CsvLine & { endLine: number }

/**
 * Reads CSV (RFC 4180) with csv-parse as it streams: with or without a UTF-8 byte order mark, lines
 * ending CRLF or LF or both, quoted fields holding commas, quotes and line breaks; empty lines are
 * passed over. Each record, the header first, comes back by the line it starts on with its fields as
 * they stand (a line may have more or fewer than the header), or as an unreadable line: a broken
 * quote. Reading goes on past an unreadable line, so every one is named; a reader that stops early
 * stops the parser.
 */
export async function* readCsvLines(text: string): AsyncGenerator<CsvLine | UnreadableLine> {
  // csv-parse may read ahead of us: each skipped line is told after the records read before it.
  const skipped: { recordsBefore: number, line?: number, reason: string }[] = []
  // csv-parse counts a carriage return inside a value as a line of its own; the file's lines are counted by line feeds.
  let carriageReturns = 0
  let lastLine = 0
  let read = 0
  const parser = parse({
    bom: true,
    record_delimiter: ['\r\n', '\n'],
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    // csv-parse's types let on_record change what a record is only together with `columns`.
    on_record: ((record: string[], { lines }: InfoRecord): NumberedLine => {
      const count = (pattern: RegExp) => record.reduce((sum, value) => sum + (value.match(pattern)?.length ?? 0), 0)
      carriageReturns += count(/\r/g)
      const endLine = lines - carriageReturns
      // csv-parse counts to the line a record ends on; a quoted line break moves its start back.
      return { fields: record, line: endLine - count(/\n/g), endLine }
    }) as unknown as Options['on_record'],
    on_skip: (error: CsvError | undefined) => {
      if (!error) return
      const { lines, records } = error as unknown as { lines: number, records: number }
      skipped.push({
        recordsBefore: records, line: error.code === 'CSV_QUOTE_NOT_CLOSED' ? undefined : lines - carriageReturns,
        reason: csvReasons[error.code] ?? 'The line is not CSV.'
      })
    }
  })
  Readable.from(slices(text), { objectMode: false }).pipe(parser)

  /** The skipped lines that came before the next record; an unclosed quote opens just after the last record read. */
  function* skippedSoFar(): Generator<UnreadableLine> {
    while (skipped.length && skipped[0]!.recordsBefore <= read) {
      const { line, reason } = skipped.shift()!
      yield { line: line ?? lastLine + 1, reason }
    }
  }

  try {
    let turnStarted = performance.now()
    for await (const { fields, line, endLine } of parser as AsyncIterable<NumberedLine>) {
      yield* skippedSoFar()
      lastLine = endLine
      read++
      if (performance.now() - turnStarted > turnMs) {
        await nextTurn()
        turnStarted = performance.now()
      }
      yield { line, fields }
    }
    read = Infinity
    yield* skippedSoFar()
  } finally {
    parser.destroy()
  }
}

/**
 * Reads CSV as `readCsvLines` does, against a header rule. The header is checked first: its problems
 * are returned and no record is read. Otherwise each record comes back by the line it starts on, with
 * its values by column name, or as an unreadable line: a wrong number of fields or a broken quote.
 */
export async function readCsv(text: string, rule: CsvHeaderRule): Promise<{ headerProblems: string[], records: AsyncIterable<CsvRecord> }> {
  const lines = readCsvLines(text)
  const { first, beforeHeader } = await headerLine(lines)
  if (!first) return {
    headerProblems: beforeHeader.length ? beforeHeader.map(s => `Line ${s.line}: ${s.reason}`) : ['The file is empty; it needs a header line.'],
    records: emptyRecords()
  }
  if (first.fields.length > maxCsvColumns) {
    await lines.return(undefined)
    throw domainError('unprocessable', [`Line 1 (the header) has ${first.fields.length} columns; a file may have at most ${maxCsvColumns}.`])
  }
  const header = first.fields.map(name => name.trim())
  const problems = headerProblems(header, rule)
  if (problems.length) {
    await lines.return(undefined)
    return { headerProblems: problems, records: emptyRecords() }
  }

  async function* records(): AsyncGenerator<CsvRecord> {
    yield* beforeHeader
    for await (const record of lines) {
      if (isUnreadable(record)) yield record
      else if (record.fields.length !== header.length) {
        yield { line: record.line, reason: `The line has ${record.fields.length} fields; the header has ${header.length}.` }
      } else {
        const values: Record<string, string> = {}
        for (const [i, name] of header.entries()) values[name] = record.fields[i]!
        yield { line: record.line, values }
      }
    }
  }
  return { headerProblems: [], records: records() }
}

/** The first line that could be read, which is the header, and the unreadable lines before it; the lines after it are left to be read. */
async function headerLine(lines: AsyncGenerator<CsvLine | UnreadableLine>): Promise<{ first?: CsvLine, beforeHeader: UnreadableLine[] }> {
  const beforeHeader: UnreadableLine[] = []
  for (;;) {
    const next = await lines.next()
    if (next.done) return { beforeHeader }
    if (!isUnreadable(next.value)) return { first: next.value, beforeHeader }
    beforeHeader.push(next.value)
  }
}

export const isUnreadable = (record: CsvLine | CsvRecord): record is UnreadableLine => 'reason' in record

async function* emptyRecords(): AsyncGenerator<CsvRecord> {}

/** The text in slices for the parser, never splitting a surrogate pair (a slice becomes UTF-8 bytes on its own). */
function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + sliceLength, text.length)
    const last = text.charCodeAt(end - 1)
    if (last >= 0xD800 && last <= 0xDBFF && end < text.length) end++
    yield text.slice(start, end)
    start = end
  }
}
