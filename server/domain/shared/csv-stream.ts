import { stringify, type Stringifier } from 'csv-stringify'

/**
 * How a CSV file treats a cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or
 * carriage return first): warehouse files, which people open in spreadsheets, write it with a
 * leading `'`; machine exchange (roster files) keeps every value verbatim.
 */
export type FormulaCells = 'neutralise' | 'verbatim'

/**
 * A streaming CSV writer (RFC 4180, UTF-8, header row, CRLF) taking rows as arrays in the order of
 * `header`. An empty cell stands for null.
 */
export function csvStream(header: readonly string[], formulas: FormulaCells): Stringifier {
  return stringify({
    header: true,
    columns: [...header],
    record_delimiter: 'windows',
    escape_formulas: formulas === 'neutralise',
    // A lone CR or LF in a cell is a line break to RFC 4180 readers too: quote it, not only CRLF.
    quoted_match: /[\r\n]/,
    cast: { boolean: value => (value ? 'true' : 'false') }
  })
}

/** A small CSV file in memory (a family's records, a person's receipts): rows as objects, the header given, formulas neutralised. */
export async function csvBuffer(header: readonly string[], rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const csv = csvStream(header, 'neutralise')
  const chunks: Buffer[] = []
  csv.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve)
    csv.on('error', reject)
  })
  for (const row of rows) csv.write(header.map(field => row[field] ?? null))
  csv.end()
  await done
  return Buffer.concat(chunks)
}
