import { z } from 'zod'
import { rosterFormats } from '../vocabulary'
import { apiSchemas, publishedAs, timestamp } from './common'

// Any word is read, so that an unknown format is `not_found` like any missing resource, not a validation failure.
export const rosterParams = z.object({
  format: z.string().max(40)
    .describe('`oneroster` (OneRoster 1.1 CSV, bulk, with its manifest), `sds` (School Data Sync CSV v2.1) or `oneroster12` (OneRoster 1.2 CSV, bulk).')
    .meta({ [publishedAs]: { type: 'string', enum: [...rosterFormats] } })
})

export const rosterFileSchema = z.object({
  name: z.string().describe('The file\'s name in the set, such as `users.csv`.'),
  content: z.string().describe('The file: CSV, UTF-8 without a byte order mark, CRLF line ends, RFC 4180 quoting.')
}).register(apiSchemas, { id: 'RosterFile' })

export const rosterSchema = z.object({
  format: z.enum(rosterFormats),
  asAt: timestamp.describe('When the set was made; it holds the roster of that day in the school\'s time zone.'),
  files: z.array(rosterFileSchema),
  counts: z.object({
    students: z.number().int(),
    teachers: z.number().int().describe('Staff teaching or assisting a class running today.'),
    classes: z.number().int(),
    courses: z.number().int(),
    enrollments: z.number().int(),
    withheld: z.number().int().describe('Current students left out with their enrolments (a protection flag or a court order).')
  })
}).register(apiSchemas, { id: 'Roster', description: 'A roster set: every file of one format as CSV text.' })
