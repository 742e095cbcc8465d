import { z } from 'zod'
import { affiliationKinds } from '../vocabulary'
import { plainLineRefusal } from '../plain-text'
import { day, pageQueryShape, recordId, refusalParam } from './common'

/** The directory's groups: what a person is today (alumni under the school's rule). */
export const directoryGroups = ['students', 'staff', 'applicants', 'carers', 'alumni'] as const
export type DirectoryGroup = typeof directoryGroups[number]

/**
 * A search as typed into a box: any printable text up to 200 characters, blank allowed. Control and
 * invisible characters are refused as in every line of text (shared/plain-text.ts); `%`, `_` and
 * quotes are only characters.
 */
const searchText = z.string().max(200, 'At most 200 characters.').check((ctx) => {
  const refusal = plainLineRefusal(ctx.value)
  if (refusal) ctx.issues.push({
    code: 'custom', input: ctx.value, message: refusal.message,
    ...(refusal.code === 'bad_request' ? { params: { [refusalParam]: 'bad_request' } } : {})
  })
})

export const directoryQuery = z.strictObject({
  ...pageQueryShape,
  search: searchText.optional()
    .describe('A name as typed: family or given names first, any case, with or without accents or apostrophes; `Family, Given` also.'),
  bornOn: day.optional().describe('Only people born on this day.'),
  group: z.enum(directoryGroups).optional().describe('Only current students, staff, applicants, carers, or alumni.'),
  yearLevel: z.string().min(1).max(100).optional().describe('Only current students at this year level.'),
  campus: recordId('cmp').optional().describe('Only current students at this campus.')
})

export const directoryPersonSchema = z.object({
  id: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  dateOfBirth: day.nullable(),
  /** Their spans in force today. */
  affiliations: z.array(z.object({ kind: z.enum(affiliationKinds), yearLevel: z.string().nullable(), campus: z.string().nullable() })),
  carer: z.boolean().describe('Holds parental responsibility for a child today.')
})

export const directoryPageSchema = z.object({ items: z.array(directoryPersonSchema), nextCursor: z.string().nullable() })

export const directoryChoicesSchema = z.object({
  yearLevels: z.array(z.string()),
  campuses: z.array(z.object({ id: z.string(), name: z.string() }))
})
