import { z } from 'zod'
import { applicationStates } from '../vocabulary'
import { day, pageQueryShape, recordId, timestamp } from './common'

/*
 * The admissions screens' interface (/api/app/admissions): the applications board, the enquiries, and
 * the possible duplicates. The office's steps take the bodies of shared/schemas/applications.ts, the
 * ones /api/v1 and the CLI read.
 */

/** The collection envelope, kept out of the /api/v1 document's schemas (pageOf registers there). */
const screenPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() })

export const applicationStateSchema = z.enum(applicationStates)

/** One column of the board: the applications in one state, newest first. */
export const boardColumnQuery = z.strictObject({
  state: applicationStateSchema,
  ...pageQueryShape
})

/** Who took a step and when: the recorded actor shown as the member of staff's email where it is one. */
const stepSchema = z.object({ at: timestamp, by: z.string() })

export const boardApplicationSchema = z.object({
  id: recordId('apl'),
  state: applicationStateSchema,
  origin: z.enum(['application', 'enrolment']),
  student: z.object({ id: recordId('per'), familyName: z.string(), givenNames: z.string(), dateOfBirth: day.nullable() }),
  adults: z.array(z.object({ id: recordId('per'), familyName: z.string(), givenNames: z.string(), relationship: z.string().nullable() })),
  yearLevel: z.string(),
  entryYear: z.number().int().nullable(),
  campus: z.string().nullable(),
  startsOn: day.nullable(),
  /** Share of full time in (0, 1], once the child started. */
  load: z.number().nullable(),
  received: z.object({ at: timestamp }),
  offered: stepSchema.nullable(),
  answered: stepSchema.nullable(),
  started: stepSchema.extend({ on: day }).nullable(),
  withdrawn: stepSchema.extend({ on: day, reason: z.string().nullable() }).nullable()
})

export const boardColumnSchema = screenPage(boardApplicationSchema)

/** How many applications each column holds. */
export const boardCountsSchema = z.object({ counts: z.record(applicationStateSchema, z.number().int()) })

/** The school's lists the office's steps choose from. */
export const admissionsListsSchema = z.object({
  yearLevels: z.array(z.string()),
  withdrawalReasons: z.array(z.string()),
  campuses: z.array(z.string()),
  channels: z.array(z.string())
})

/** The office's offer, as the screen sends it: a blank day or campus means the default. */
export const officeStepAnswerSchema = z.object({ id: recordId('apl'), state: applicationStateSchema })

export const enquiriesQuery = z.strictObject({
  search: z.string().max(10_000, 'At most 10000 characters.').optional()
    .describe('Part of the child\'s or the enquirer\'s name, email or phone, as typed (case and accents do not count).'),
  ...pageQueryShape
})

export const enquiryListItemSchema = z.object({
  id: recordId('enq'),
  receivedAt: timestamp,
  channel: z.string(),
  intendedEntryYear: z.number().int().nullable(),
  student: z.object({ id: recordId('per'), familyName: z.string(), givenNames: z.string() }),
  enquirer: z.object({
    id: recordId('per'), familyName: z.string(), givenNames: z.string(), email: z.string().nullable(), phone: z.string().nullable(),
    relationship: z.string().nullable()
  })
})

export const enquiryListSchema = screenPage(enquiryListItemSchema)

/** A person as the duplicates view compares them. */
const comparedPersonSchema = z.object({
  id: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  dateOfBirth: day.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Carers of a child and children of a carer, by name, with the span of responsibility. */
  family: z.array(
    z.object({ id: recordId('per'), familyName: z.string(), givenNames: z.string(), role: z.enum(['carer', 'child']), from: day, to: day.nullable() })
  ),
  affiliations: z.array(z.object({ kind: z.string(), from: day, to: day.nullable(), yearLevel: z.string().nullable() }))
})

export const duplicatesSchema = z.object({
  /** Each person of the record who may already be on file: `student`, `adults[0]`, `enquirer`. */
  people: z.array(z.object({ path: z.string(), person: comparedPersonSchema, candidates: z.array(comparedPersonSchema) }))
})

/** The office's answer for one person of the record: the same as a candidate (`link`), or someone new. */
export const duplicateDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ path: z.string().max(32), decision: z.literal('link'), personId: recordId('per') }),
  z.strictObject({ path: z.string().max(32), decision: z.literal('new') })
], { error: 'Use `link` with a personId, or `new`.' })

export type DuplicateDecision = z.output<typeof duplicateDecisionSchema>

export const recordIdParams = (prefix: string) => z.strictObject({ id: recordId(prefix) })
