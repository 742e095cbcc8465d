import { z } from 'zod'
import {
  affiliationKinds, applicationStates, concessionKinds, courtOrderKinds, courtOrderPurposes, heldParts, nameChangeKinds, protectionFlagKinds
} from '../vocabulary'
import { day, listValue, pageQueryShape, plainLine, recordId, timestamp } from './common'
import { wholeBasisPoints } from '../basis-points'

/*
 * A person's record on the staff screens (/staff/people/<id>): the answers of its /api/app routes
 * and the forms of its everyday changes. The screens' forms check with these same schemas; the
 * school's rules (spans that overlap, shares that do not total 10000) are the domain's, told back
 * beside the field they concern.
 */

const span = { validFrom: day, validTo: day.nullable() }
const named = { familyName: z.string(), givenNames: z.string() }
const personRef = z.object({ id: recordId('per'), ...named })
const optionalNote = z.union([plainLine(500), z.literal('')]).optional()
/** An optional choice of a select: an empty string is no choice. */
const emptyAsNone = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('')]).optional()

export const personIdParam = z.strictObject({ id: recordId('per') })

export const personFileSchema = z.object({
  person: z.object({ id: recordId('per'), ...named, dateOfBirth: day.nullable(), preferredLanguage: z.string().nullable() }),
  nameHistory: z.array(z.object({ ...named, heldFrom: day.nullable(), heldTo: day, change: z.enum(nameChangeKinds) })),
  affiliations: z.array(z.object({
    id: recordId('aff'), kind: z.enum(affiliationKinds), ...span,
    yearLevel: z.string().nullable(), campusId: z.string().nullable(), campusName: z.string().nullable(), role: z.string().nullable(),
    startedBy: z.object({ applicationId: recordId('apl'), origin: z.enum(['application', 'enrolment']) }).nullable()
  })).nullable(),
  family: z.object({
    carers: z.array(z.object({ id: recordId('par'), personId: recordId('per'), ...named, relationship: z.string().nullable(), ...span })),
    children: z.array(z.object({ id: recordId('par'), personId: recordId('per'), ...named, relationship: z.string().nullable(), ...span }))
  }),
  billing: z.object({
    responsibilities: z.array(z.object({
      id: recordId('bil'), payerId: recordId('per'), payerFamilyName: z.string(), payerGivenNames: z.string(), category: z.string(),
      share: z.number().int(), ...span
    })),
    concessions: z.array(z.object({ id: recordId('cnc'), kind: z.enum(concessionKinds), ...span }))
  }).nullable(),
  admissions: z.object({
    applications: z.array(z.object({
      id: recordId('apl'), student: personRef, origin: z.enum(['application', 'enrolment']), state: z.enum(applicationStates),
      yearLevel: z.string(), entryYear: z.number().int().nullable(), startsOn: day.nullable(), receivedAt: timestamp
    })),
    enquiries: z.array(z.object({ id: recordId('enq'), student: personRef, enquirer: personRef, channel: z.string(), intendedEntryYear: z.number()
      .int().nullable(), receivedAt: timestamp }))
  }).nullable(),
  sourceIds: z.array(z.object({ system: z.string(), sourceId: z.string() })),
  school: z.object({
    heldElsewhere: z.array(z.enum(heldParts)),
    /** The languages the school offers, English first: the choices of the record's preferred language. */
    languages: z.array(z.string()),
    yearLevels: z.array(z.string()),
    relationships: z.array(z.string()),
    withdrawalReasons: z.array(z.string()),
    campuses: z.array(z.object({ id: z.string(), name: z.string() }))
  }),
  caller: z.object({ canManage: z.boolean(), canReadRestricted: z.boolean() })
})

export const personChangesQuery = z.strictObject(pageQueryShape)

export const personChangeSchema = z.object({
  kind: z.string(),
  recordId: z.string(),
  at: timestamp,
  actor: z.string().nullable().describe('The recorded form: `staff:acc_…`, `token:tok_…`, `system:cli`.'),
  actorName: z.string().describe('Who, as a person reads it: a member of staff\'s email, a token\'s purpose.')
})

export const personChangesSchema = z.object({ items: z.array(personChangeSchema), nextCursor: z.string().nullable() })

export const restrictedRecordSchema = z.object({
  protectionFlags: z.array(z.object({
    id: recordId('prf'), kind: z.enum(protectionFlagKinds), note: z.string().nullable(), safeAdults: z.array(personRef), ...span,
    recordedAt: timestamp, liftedAt: timestamp.nullable()
  })),
  courtOrders: z.array(z.object({
    id: recordId('cto'), kind: z.enum(courtOrderKinds), restrainedPersonId: z.string().nullable(), restrainedPerson: personRef.nullable(),
    summary: z.string().nullable(), purposes: z.array(z.enum(courtOrderPurposes)), ...span, recordedAt: timestamp
  })),
  exitReasons: z.array(z.object({ id: recordId('exr'), affiliationId: z.string(), reason: z.string(), note: z.string().nullable(), recordedAt: timestamp })),
  mergeHistory: z.array(z.object({
    id: recordId('idd'),
    decision: z.enum(['linked', 'distinct'])
      .describe('`linked`: the two are one person, and the one the application opened was deleted; `distinct`: told apart.'),
    side: z.enum(['opened', 'on_file']).describe(
      '`opened`: this person is the one the application or enquiry opened; `on_file`: the one it was compared with.'
    ),
    other: z.object({ ...personRef.shape, deleted: z.boolean() }),
    subjectType: z.enum(['application', 'enquiry']),
    subjectId: z.string(),
    decidedAt: timestamp,
    decidedBy: z.string().describe('Who decided, as a person reads it.')
  }))
})

/** A write's answer: the id of what it made or changed. */
export const writtenSchema = z.object({ id: z.string() })
export const nameWrittenSchema = z.object({ changed: z.boolean() })

export const lastDayBody = z.strictObject({ lastDay: day })

/** Moving a student's year level or campus from a day; at least one of the two. */
export const placementBody = z.strictObject({
  from: day,
  yearLevel: emptyAsNone(listValue(64)),
  campusId: emptyAsNone(recordId('cmp'))
}).refine(body => !!body.yearLevel || !!body.campusId, { message: 'Give a year level or a campus.', path: ['yearLevel'] })

export const affiliationOpenBody = z.strictObject({
  kind: z.enum(affiliationKinds),
  validFrom: day,
  validTo: emptyAsNone(day),
  yearLevel: emptyAsNone(listValue(64)),
  campusId: emptyAsNone(recordId('cmp')),
  role: emptyAsNone(plainLine(200))
})

export const affiliationCloseBody = z.strictObject({
  lastDay: day,
  reason: emptyAsNone(listValue(64)).describe('Student spans: one of the school\'s withdrawal reasons, kept as a restricted record.'),
  note: optionalNote
})

export const parentalResponsibilityBody = z.strictObject({
  /** `carer`: the other person cares for this one; `child`: this person cares for the other. */
  direction: z.enum(['carer', 'child']),
  otherId: recordId('per'),
  relationship: emptyAsNone(listValue(64)),
  validFrom: day
})

export const billingSplitBody = z.strictObject({
  category: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Use lower-case letters, digits and _.'),
  from: day,
  shares: z.array(
    z.strictObject({ payerId: recordId('per'), share: z.number().int().min(1, 'At least 1.').max(wholeBasisPoints, `At most ${wholeBasisPoints}.`) })
  ).max(20)
})

export const concessionBody = z.strictObject({ kind: z.enum(concessionKinds), validFrom: day, validTo: emptyAsNone(day) })

export const protectionFlagBody = z.strictObject({
  kind: z.enum(protectionFlagKinds),
  validFrom: day,
  note: optionalNote,
  safeAdultIds: z.array(recordId('per')).max(20).default([])
    .describe('The adults the child stays visible to in the family portal; every other adult\'s standing is withheld.')
})

export const courtOrderBody = z.strictObject({
  kind: z.enum(courtOrderKinds),
  restrainedPersonId: emptyAsNone(recordId('per')),
  purposes: z.array(z.enum(courtOrderPurposes)).max(courtOrderPurposes.length).default([])
    .describe('What the order keeps the adult it names from: the family portal\'s purposes (details, contact, billing, applications, consents, messages) and collection.'),
  summary: optionalNote,
  validFrom: day,
  validTo: emptyAsNone(day)
})
