import { z } from 'zod'
import { hrisDateFormats, syncRunStatuses, syncScopes } from '../vocabulary'
import { apiSchemas, plainLine, recordId, timestamp } from './common'

const columnName = plainLine(200, 'Name a column of the export.')

/** Each field of a staff member the HRIS export gives, with the column that holds it. */
export const hrisColumnsShape = {
  employeeId: columnName,
  familyName: columnName,
  givenNames: columnName,
  dateOfBirth: columnName.optional(),
  startDate: columnName,
  endDate: columnName.optional(),
  role: columnName.optional(),
  checkType: columnName.optional(),
  checkNumber: columnName.optional(),
  checkExpiry: columnName.optional()
}

/** A school's HRIS mapping, as the settings screen and the CLI save it (docs/decisions.md shape). */
export const hrisMappingInputSchema = z.strictObject({
  id: recordId('hrm').optional().describe('Present to change a saved mapping.'),
  name: plainLine(200),
  columns: z.strictObject(hrisColumnsShape).superRefine((columns, context) => {
    const fieldOf = new Map<string, string>()
    for (const [field, column] of Object.entries(columns)) {
      if (column === undefined) continue
      const earlier = fieldOf.get(column)
      if (earlier) {
        context.addIssue({ code: 'custom', path: [field], message: `The column "${column}" is already mapped to ${earlier}; name each column once.` })
      } else fieldOf.set(column, field)
    }
  }),
  dateFormat: z.enum(hrisDateFormats, `One of ${hrisDateFormats.join(', ')}.`)
})

export type HrisMappingInput = z.input<typeof hrisMappingInputSchema>
export type HrisColumns = z.output<typeof hrisMappingInputSchema>['columns']

export const csvText = (what: string) => z.string().min(1, 'Send the file.')
  .describe(`${what}: CSV (RFC 4180, UTF-8, with a header line), at most 8 MiB (8388608 bytes).`)

export const staffImportInputSchema = z.strictObject({
  mappingId: recordId('hrm').describe('The HRIS mapping the school saved for this export.'),
  csv: csvText('The HRIS export')
}).register(apiSchemas, { id: 'StaffImportInput' })

/** A problem with one row of an import (or, with `row` null, with someone the file leaves out); the other rows still apply. */
export const importProblemSchema = z.object({
  row: z.number().int().nullable().describe('The line of the file (the header is line 1); null for a staff member missing from the export.'),
  column: z.string().nullable().describe('The column of the file, when the problem is one value.'),
  reason: z.string()
}).register(apiSchemas, { id: 'ImportProblem' })

/**
 * How many of a list an answer leaves out (server/domain/imports/problem-list.ts): the lists stop at 1,000 entries
 * or about 100 KiB, so an answer stays under 256 KiB.
 */
const notListed = (what: string) => z.number().int().min(0)
  .describe(`${what} counted but not listed: an answer lists the first 1,000 in file order (fewer when they are long, so that the answer stays under 256 KiB) and counts the rest here; 0 when all are listed.`)

export const staffImportAnswerSchema = z.object({
  run: z.object({ id: recordId('run'), mappingId: recordId('hrm'), createdAt: timestamp }),
  problems: z.array(importProblemSchema).describe('The first 1,000 problems, by line; `counts.problems` counts them all.'),
  problemsNotListed: notListed('Problems'),
  counts: z.object({
    rows: z.number().int(),
    created: z.number().int(),
    opened: z.number().int(),
    closed: z.number().int(),
    checks: z.number().int(),
    problems: z.number().int()
  })
}).register(apiSchemas, { id: 'StaffImportAnswer' })

export const syncSystemName = z.string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, 'Name the system in 1 to 64 letters, digits, spaces, "_", "." or "-", starting with a letter or digit.')

export const peopleSyncInputSchema = z.strictObject({
  system: syncSystemName.describe('The source system; people are matched on its own ids, kept per system.'),
  scope: z.enum(syncScopes)
    .describe('`full`: the file is everyone, and people synced before who are missing are absent; `changes`: only the people in the file.'),
  file: csvText('The export: columns id, familyName, givenNames, dateOfBirth, and optionally yearLevel and campus')
}).register(apiSchemas, { id: 'PeopleSyncInput' })

/**
 * A count of the run's plan: null until the run is planned, so a client never takes "not yet
 * known" for 0 (docs/imports.md, "What a run's counts say").
 */
const plannedCount = (what: string) => z.number().int().nullable()
  .describe(`${what}. Null until the run is planned: while it is \`queued\` or \`applying\`, and for a \`failed\` or \`cancelled\` run, which was never applied. A \`paused\` run gives what it would do; an \`applied\` or \`reverted\` one what it did.`)

export const syncRunSchema = z.object({
  id: recordId('run'),
  status: z.enum(syncRunStatuses),
  system: z.string(),
  scope: z.enum(syncScopes),
  rows: z.number().int().describe('Lines of people in the file.'),
  done: z.number().int().describe('Rows applied so far while the run applies.'),
  created: plannedCount('People the file adds'),
  amended: plannedCount('People whose names, date of birth, year level or campus change, or who come back'),
  absent: plannedCount('People synced before whom a `full` file leaves out: their student span closes'),
  unchanged: plannedCount('People in the file who change in nothing'),
  reason: z.string().optional().describe('Why the run paused or failed.'),
  waitingFor: recordId('run').optional()
    .describe('The earlier run of the same system that this one waits for: runs of a school and system apply in the order received, so a later run waits until every earlier one is applied, cancelled, reverted or failed (a paused one until somebody confirms or cancels it).'),
  createdAt: timestamp,
  appliedAt: timestamp.optional(),
  revertedAt: timestamp.optional()
}).register(apiSchemas, { id: 'SyncRun' })

export const unreadableLineSchema = z.object({ line: z.number().int(), reason: z.string() }).register(apiSchemas, { id: 'UnreadableLine' })

export const peopleSyncAnswerSchema = z.object({
  run: syncRunSchema,
  unreadable: z.array(unreadableLineSchema).describe('The first 1,000 unreadable lines, by line.'),
  unreadableNotListed: notListed('Unreadable lines'),
  problems: z.array(importProblemSchema).describe('The first 1,000 problems, by line.'),
  problemsNotListed: notListed('Problems')
}).register(apiSchemas, { id: 'PeopleSyncAnswer' })

export type SyncRunView = z.output<typeof syncRunSchema>
export type ImportProblem = z.output<typeof importProblemSchema>
export type StaffImportCounts = z.output<typeof staffImportAnswerSchema>['counts']
