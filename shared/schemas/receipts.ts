import { z } from 'zod'
import { day, timestamp } from './common'

const scopeWords = z.object({ name: z.string(), words: z.string() })

/** Per integration: how often it read the person today and in the last 30 days, and what its scopes reach. Never a token id for families. */
export const receiptSummarySchema = z.object({
  purpose: z.string(),
  readsToday: z.number().int(),
  readsLast30Days: z.number().int(),
  lastDay: day,
  scopes: z.array(scopeWords)
})

export const receiptSchema =
  z.object({ tokenId: z.string(), purpose: z.string(), day, reads: z.number().int(), scopes: z.array(scopeWords), lastAt: timestamp })

export const personReceiptsSchema = z.object({ readBy: z.array(receiptSummarySchema), days: z.array(receiptSchema) })
export const receiptDownloadQuery = z.strictObject({ format: z.enum(['json', 'csv']).default('json') })
export const receiptDownloadAnswer = z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })
