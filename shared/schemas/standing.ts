import { z } from 'zod'
import { standingPurposes } from '../vocabulary'
import { day, recordId } from './common'

/*
 * Standing in the family portal (server/domain/access/standing.ts): what an adult may see or do about a
 * child, per purpose, on a day. The office reads it on a child's record as "who can see this child".
 */

export const standingQuery = z.strictObject({ day: day.optional().describe('The day, in the school\'s zone; today when absent.') })

export const whoCanSeeSchema = z.object({
  day,
  adults: z.array(z.object({
    adult: z.object({ id: recordId('per'), familyName: z.string(), givenNames: z.string() }),
    purposes: z.object(Object.fromEntries(standingPurposes.map(purpose => [purpose, z.boolean()])) as Record<typeof standingPurposes[number], z.ZodBoolean>),
    reasons: z.array(z.string()).describe('Why, in words: the responsibility span, and each flag or order that limits it, with its days.')
  }))
})
