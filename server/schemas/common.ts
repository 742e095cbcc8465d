import { z } from 'zod'

/** Every named schema lands here, so the OpenAPI document gets them as `components.schemas`. */
export const apiSchemas = z.registry<{ id: string, description?: string }>()

// `abort`: a value that is not shaped like a day gets one problem, not a second for not being a calendar day.
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a day as YYYY-MM-DD.', abort: true })
  .refine(value => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Not a calendar day.')
  .meta({ format: 'date' })

export const personName = z.string().trim().min(1, 'Required.').max(200, 'At most 200 characters.')

export const timestamp = z.string().meta({ format: 'date-time', examples: ['2026-03-01T09:30:00.000Z'] })

export const recordId = (prefix: string) => z.string().min(1).max(64).meta({ examples: [`${prefix}_0k3v9x2m7q1w8e4r6t5y`] })

/** The collection envelope of part 2 around items of one schema. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Pass back as `cursor`; null when there are no more pages.')
  }).register(apiSchemas, { id })
}
