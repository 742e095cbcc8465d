import { stringify } from 'csv-stringify/sync'

/** One file of a roster set before it is written: its header and its rows, every value a string. */
export interface RosterTable {
  name: string
  header: readonly string[]
  rows: string[][]
}

/** A file of a roster set as served: CSV text. */
export interface RosterFile {
  name: string
  content: string
}

/**
 * UTF-8 text without a byte order mark, CRLF after every record (the header too, so a file with no
 * rows is its header line), RFC 4180 quoting only where a value needs it. Values are written
 * verbatim: roster files are machine exchange, so nothing is prefixed against spreadsheet formulas.
 */
export function rosterFileOf(table: RosterTable): RosterFile {
  return { name: table.name, content: stringify([[...table.header], ...table.rows], { record_delimiter: 'windows', bom: false }) }
}

/** `true`/`false`, lower case, as both formats read booleans. */
export const booleanText = (value: boolean) => value ? 'true' : 'false'
