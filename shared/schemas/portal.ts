import { z } from 'zod'
import { portalAnswerSchema } from './subject-access'
import { receiptSummarySchema } from './receipts'
import { academicSessionKinds, applicationStates, concessionKinds, portalSections } from '../vocabulary'
import { day, listValue, personName as personNameInput, recordId, timestamp } from './common'
import { schoolClockSchema } from './school-clock'

const personName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })

export const portalHomeSchema = z.object({
  /** `languages`: the shipped languages the school offers, English first (the portal's language menu). */
  school: z.object({ name: z.string(), languages: z.array(z.string()) }),
  adult: personName,
  /** The adult's own choice of those, or null for the school's own language. */
  preferredLanguage: z.string().nullable(),
  /** A member of staff previewing as this adult: the screens show a banner, and every change is refused. */
  preview: z.boolean(),
  /** The sections to offer; `off` only for staff previewing a section the school switched off for families. */
  sections: z.array(z.object({ name: z.enum(portalSections), off: z.boolean() })),
  children: z.array(personName),
  /** The data check waiting for the adult's answer (docs/data-check.md): shown first until answered; null when none. */
  dataCheck: z.object({ id: z.string(), closesOn: day }).nullable(),
  /** The school's zone and currency: the portal writes every time and amount with them. */
  schoolClock: schoolClockSchema
})

/** A child as the portal addresses them: by id alone, checked as an id before standing is asked. */
export const portalChildParams = z.object({ id: recordId('per').describe('The child\'s id.') })

/** One of the school's key dates: a school year or a term still running or to come. */
const keyDateSchema = z.object({ title: z.string(), kind: z.enum(academicSessionKinds), startsOn: day, endsOn: day })

/** A child on the Children page: names, where they are at the school today, and the school's key dates. */
export const portalChildSchema = z.object({
  child: personName,
  /** From the child's student span in force today; null when they are not on the roll today. */
  yearLevel: z.string().nullable(),
  campus: z.string().nullable(),
  keyDates: z.array(keyDateSchema)
})

/** Who pays one charge category for a child today: each payer by name with their share in basis points (3333 is 33.33 %). */
const payerCategorySchema = z.object({
  category: z.string().describe('`all` for every charge without a category of its own.'),
  payers: z.array(z.object({ id: z.string(), familyName: z.string(), givenNames: z.string(), share: z.number().int() }))
})

/** Who pays for a child: each category's payers and shares, and the concessions held, by kind, never an amount. */
export const portalChildPayersSchema = z.object({
  child: personName,
  categories: z.array(payerCategorySchema),
  concessions: z.array(z.object({ kind: z.enum(concessionKinds), validFrom: day, validTo: day.nullable() }))
})

export const portalPayersSchema = z.object({ children: z.array(portalChildPayersSchema) })

/** The portal's applications and tours: the family's applications, the tours they can book, and their own bookings. */
export const familyApplicationsSchema = z.object({
  applications: z.array(z.object({
    id: z.string(),
    child: personName,
    state: z.enum(applicationStates),
    yearLevel: z.string(),
    entryYear: z.number().int().nullable(),
    campus: z.string().nullable(),
    receivedAt: timestamp,
    offeredAt: timestamp.nullable(),
    answeredAt: timestamp.nullable(),
    startsOn: day.nullable(),
    updatedAt: timestamp
  })),
  tours: z.array(z.object({
    id: z.string(), title: z.string(), startsAt: timestamp, venue: z.string(), campus: z.string().nullable(), audience: z.string(),
    placesLeft: z.number().int()
  })),
  bookings: z.array(z.object({
    id: z.string(),
    tour: z.object({ id: z.string(), title: z.string(), startsAt: timestamp, venue: z.string(), cancelled: z.boolean() }),
    child: personName,
    receivedAt: timestamp
  }))
})

/** A family books a tour for a child: the child's names (a new record, as every booking makes), and how they relate. */
export const portalTourBookingSchema = z.strictObject({
  student: z.strictObject({ familyName: personNameInput, givenNames: personNameInput }),
  relationship: listValue(64).optional().describe('One of the relationships the school lists.'),
  intendedEntryYear: z.number().int().min(2000).max(2100).optional()
})

/** The integrations that can read the family's records: each token by its purpose and its scopes that reach people, in words. */
export const familyDataSchema = z.object({
  integrations: z.array(z.object({
    purpose: z.string(),
    scopes: z.array(z.object({ name: z.string(), grants: z.string() }))
  })),
  /** The adult and each child they have `details` standing on, with the integrations that read their records lately (receipts). */
  readBy: z.array(z.object({ person: personName, integrations: z.array(receiptSummarySchema) })),
  /** The answers to this adult's subject access requests sent to their portal (docs/retention.md), newest first. */
  answers: z.array(portalAnswerSchema)
})

export const familyDownloadQuery = z.strictObject({
  format: z.enum(['json', 'csv'], 'Choose json or csv.').default('json').describe('`json` (one document) or `csv` (one file, a `table` column first).')
})

/** What the pipeline checks of the download before streaming it. */
export const familyDownloadAnswer = z.object({
  fileName: z.string().regex(/^rollbook-data-\d{4}-\d{2}-\d{2}\.(json|csv)$/),
  contentType: z.enum(['application/json', 'text/csv; charset=utf-8']),
  size: z.number().int().min(0)
})

/** The sections the school switched off for families. */
export const portalSectionsSchema = z.object({ off: z.array(z.enum(portalSections)) })
export const portalSectionsInput = z.strictObject({ off: z.array(z.enum(portalSections, 'Not a portal section.')).max(portalSections.length) })
