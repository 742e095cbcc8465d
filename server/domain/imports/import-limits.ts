import { maxCsvBytes } from './read-csv'

/**
 * The body limit of the import routes. The CSV travels as a JSON string, where a quote, a backslash,
 * a line break or a tab takes two bytes: twice the largest CSV, and 64 KiB for the rest of the body,
 * fits every 8 MiB file however it is escaped. Past it the body is refused while it streams; within
 * it, the CSV's own bytes are counted (checkCsvText), so 8 MiB + 1 byte of CSV is refused too.
 */
export const importBodyLimit = 2 * maxCsvBytes + 64 * 1024
