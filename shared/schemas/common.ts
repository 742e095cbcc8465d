import { z } from 'zod'
import { isDay } from '../calendar-day'
import { plainLineRefusal } from '../plain-text'

/** Every named schema lands here, so the OpenAPI document gets them as `components.schemas`. */
export const apiSchemas = z.registry<{ id: string, description?: string }>()

/**
 * Meta key read by the OpenAPI generator: the JSON Schema to publish instead of the one zod would
 * derive (a query integer travels as digits in a string, but SDKs should see an integer).
 */
export const publishedAs = 'x-published-as'

// `abort`: a value that is not shaped like a day gets one problem, not a second for not being a calendar day.
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a day as YYYY-MM-DD.', abort: true })
  .refine(isDay, 'Not a calendar day.')
  .meta({ format: 'date' })

/** Meta key on a zod issue: the contract's code for it, where that is not `validation_failed`. */
export const refusalParam = 'refusal'

/**
 * Refuses a control character (`validation_failed`) or an invisible or direction-changing one
 * (`bad_request`); with `trimmed`, a tab or line break at an end, which trimming drops, is let through.
 */
const plainLineCheck = (trimmed: boolean) => z.string().check((ctx) => {
  const refusal = plainLineRefusal(ctx.value, { trimmed })
  if (refusal) ctx.issues.push({
    code: 'custom', input: ctx.value, message: refusal.message,
    ...(refusal.code === 'bad_request' ? { params: { [refusalParam]: 'bad_request' } } : {})
  })
})

/**
 * One line of text a person gives: a name or title. It holds no control character
 * (`validation_failed`) and no invisible or direction-changing character (`bad_request`, naming the
 * field; shared/plain-text.ts), checked before trimming so that nothing is dropped unseen; it is not
 * blank, which the published schema says as a pattern too; and it has at most `max` characters.
 */
export function plainLine(max: number, required = 'Required.') {
  return plainLineCheck(true).trim()
    .min(1, { error: required, abort: true })
    .regex(/\S/, required)
    .max(max, `At most ${max} characters.`)
}

/** A value of one of the school's lists (a relationship, a channel, a year level): plain text, exactly as listed, not trimmed. */
export function listValue(max: number) {
  return plainLineCheck(false).min(1, { error: 'Required.', abort: true }).regex(/\S/, 'Required.').max(max, `At most ${max} characters.`)
}

export const personName = plainLine(200)

export const timestamp = z.string().meta({ format: 'date-time', examples: ['2026-03-01T09:30:00.000Z'] })

/** Ids are a three-letter type prefix, `_` and a random part of digits and lower-case letters. */
export const recordIdPattern = /^[a-z]{3}_[0-9a-z]{1,60}$/

export const recordId = (prefix: string) => z.string().regex(recordIdPattern, 'Not an id.')
  .meta({ examples: [`${prefix}_0k3v9x2m7q1w8e4r6t5y`] })

/**
 * A whole number in a query string: plain decimal digits only, so `0x10`, `1e2`, ` 5` and `+5` are
 * refused instead of being read as numbers.
 */
export function queryInteger(min: number, max: number) {
  const range = `Use a whole number from ${min} to ${max}.`
  return z.string().regex(/^[0-9]{1,9}$/, { error: range, abort: true }).transform(Number)
    .pipe(z.number().min(min, range).max(max, range))
    .meta({ [publishedAs]: { type: 'integer', minimum: min, maximum: max } })
}

/** `limit` and `cursor`, shared by every list endpoint. The pipeline opens and checks the cursor. */
export const pageQueryShape = {
  limit: queryInteger(1, 1000).default(100).describe('Items per page, 1 to 1000; default 100.'),
  cursor: z.string().min(1).max(2048).optional().describe('The `nextCursor` of the previous page, with the same filters.')
}

/** The collection envelope around items of one schema. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Pass back as `cursor`; null when there are no more pages.')
  }).register(apiSchemas, { id })
}
