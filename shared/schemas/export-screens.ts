import { z } from 'zod'
import { columnClasses } from '../vocabulary'
import { pageQueryShape } from './common'

/** What the exports settings screen lists: the newest file of each table, the tables, and the retention. */
export const exportSettingsSchema = z.object({
  files: z.array(z.object({
    id: z.string(), key: z.string(), fileName: z.string(), rows: z.number().int(), bytes: z.number().int(), checksum: z.string(),
    producedAt: z.string()
  })),
  tables: z.array(z.string()),
  retentionDays: z.number().int()
})

export const exportColumnsQuery = z.strictObject({ ...pageQueryShape, table: z.string().regex(/^[a-z_]{1,64}$/, 'Not a table.').optional() })

export const exportColumnSchema = z.object({ column: z.string(), class: z.enum(columnClasses), default: z.enum(columnClasses) })

export const exportColumnClassChangeSchema = z.strictObject({ class: z.enum(columnClasses, 'Choose general, personal or restricted.') })

export const exportRetentionSchema = z.strictObject({
  retentionDays: z.number('A whole number of days.').int('A whole number of days.').min(1, 'At least 1 day.').max(3650, 'At most 3650 days (ten years).')
})
