import { z } from 'zod'
import { hrisDateFormats } from '../vocabulary'
import { pageQueryShape, plainLine, recordId, timestamp } from './common'
import { hrisColumnsShape, importProblemSchema, syncRunSchema, unreadableLineSchema } from './imports'

/** The settings screens' HRIS and people-sync routes (docs/screens.md, "HRIS import" and "People sync"). */

/** The fields of a staff member an HRIS mapping names a column for, in the screen's order. */
export const hrisFieldNames = [
  'employeeId', 'familyName', 'givenNames', 'dateOfBirth', 'startDate', 'endDate', 'role', 'checkType', 'checkNumber', 'checkExpiry'
] as const

/** A sample export sent to see its columns and first lines. */
export const hrisSampleInputSchema = z.strictObject({
  csv: z.string().min(1, 'Choose the export file.')
})

/** How many lines of a sample the screen is given, and how many the preview reads. */
export const hrisSampleLines = 10
export const hrisPreviewLines = 5

export const hrisSampleSchema = z.object({
  columns: z.array(z.string()),
  lines: z.array(z.object({ line: z.number().int(), values: z.array(z.string()) })),
  unreadable: z.array(unreadableLineSchema)
})

/** A mapping being made, over the sample's first lines: every field may still be unmapped. */
export const hrisPreviewInputSchema = z.strictObject({
  columns: z.strictObject(Object.fromEntries(
    Object.entries(hrisColumnsShape).map(([field, schema]) => [field, schema.optional()])
  ) as { [K in keyof typeof hrisColumnsShape]: z.ZodOptional<typeof hrisColumnsShape[K]> }),
  dateFormat: z.enum(hrisDateFormats),
  header: z.array(plainLine(200, 'A column needs a name.')).min(1).max(500),
  lines: z.array(z.object({ line: z.number().int().min(1), values: z.array(z.string().max(10_000)).max(500) })).max(hrisPreviewLines)
})

export const hrisPreviewSchema = z.object({
  items: z.array(z.object({
    line: z.number().int(),
    usable: z.boolean().describe('The import would take the line as it reads now.'),
    fields: z.array(z.object({
      field: z.enum(hrisFieldNames),
      column: z.string(),
      value: z.string().nullable().describe('As the export has it; null when the sample has no such column.'),
      read: z.string().nullable().describe('As the import reads it: a day as YYYY-MM-DD.'),
      problem: z.string().optional()
    }))
  }))
})

export const hrisMappingSchema = z.object({
  id: recordId('hrm'),
  name: z.string(),
  columns: z.record(z.string(), z.string()),
  dateFormat: z.enum(hrisDateFormats)
})
export const hrisMappingListSchema = z.object({ items: z.array(hrisMappingSchema) })

export const importsPageQuery = z.strictObject(pageQueryShape)

export const staffImportListingSchema = z.object({
  id: recordId('run'),
  mappingId: recordId('hrm'),
  mappingName: z.string().nullable(),
  createdAt: timestamp,
  counts: z.object({
    rows: z.number().int(), created: z.number().int(), opened: z.number().int(), closed: z.number().int(), checks: z.number().int(),
    problems: z.number().int()
  })
})
export const staffImportPageSchema = z.object({ items: z.array(staffImportListingSchema), nextCursor: z.string().nullable() })
export const importProblemPageSchema = z.object({ items: z.array(importProblemSchema), nextCursor: z.string().nullable() })

export const syncRunPageSchema = z.object({ items: z.array(syncRunSchema), nextCursor: z.string().nullable() })

export const syncRunDetailSchema = z.object({
  run: syncRunSchema,
  unreadableCount: z.number().int(),
  problemsCount: z.number().int()
})

export const syncChangeKinds = ['create', 'amend', 'close'] as const
export const syncChangeFields = ['familyName', 'givenNames', 'dateOfBirth', 'preferredLanguage', 'yearLevel', 'campus', 'validFrom', 'validTo'] as const

export const syncChangesQuery = z.strictObject({ ...pageQueryShape, kind: z.enum(syncChangeKinds) })

/** One person a run would change (a paused run) or changed (an applied or reverted one), each field before and after. */
export const syncChangeSchema = z.object({
  personId: z.string().nullable().describe('Null for a person a paused run would create.'),
  sourceId: z.string().nullable(),
  familyName: z.string().nullable(),
  givenNames: z.string().nullable(),
  fields: z.array(z.object({ field: z.enum(syncChangeFields), before: z.string().nullable(), after: z.string().nullable() }))
})
export const syncChangePageSchema = z.object({ items: z.array(syncChangeSchema), nextCursor: z.string().nullable() })
export const unreadableLinePageSchema = z.object({ items: z.array(unreadableLineSchema), nextCursor: z.string().nullable() })
export const syncRunIdParams = z.strictObject({ id: recordId('run') })
