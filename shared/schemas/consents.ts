import { z } from 'zod'
import { consentAnswers, consentAnsweredBy, consentAskStatuses, consentLastings } from '../vocabulary'
import { day, pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'

const personName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })

/**
 * An audience group: `year:<level>`, `class:<code>`, `campus:<code>`, `activity:<name>`,
 * `ask:<ask id>:unanswered` or `adult:<person id>` (docs/messages.md, "Audiences").
 */
export const audienceGroup = plainLine(120).regex(/^(?:(?:year|class|campus|activity):\S.*|ask:cak_[0-9a-z]+:unanswered|adult:per_[0-9a-z]+)$/,
  'Use year:<level>, class:<code>, campus:<code>, activity:<name>, ask:<ask id>:unanswered or adult:<person id>.')
export const audienceInput = z.array(audienceGroup).min(1, 'Name at least one group.').max(50, 'At most 50 groups.')

export const consentPurposeSchema = z.object({ id: z.string(), name: z.string(), aboutNamedThing: z.boolean(), lasting: z.enum(consentLastings) })
export const consentPurposeListSchema = z.object({ items: z.array(consentPurposeSchema) })
export const consentPurposeInput = z.strictObject({
  name: plainLine(120),
  aboutNamedThing: z.boolean().describe('True when an ask must name the thing (an excursion, an activity).'),
  lasting: z.enum(consentLastings).describe('`standing`: one answer lasts until withdrawn; `each_occasion`: each ask asks again.')
})

export const consentAskParams = z.object({ id: recordId('cak') })
export const consentAskInput = z.strictObject({
  purposeId: recordId('cpp'),
  subject: plainLine(200).nullish(),
  audience: z.array(plainLine(120).regex(/^(?:year|class|campus|activity):\S.*$/, 'Use year:<level>, class:<code>, campus:<code> or activity:<name>.'))
    .min(1, 'Name at least one group.').max(50),
  closesOn: day,
  occasionOn: day.nullish(),
  answeredBy: z.enum(consentAnsweredBy)
})
export const consentAskChangeInput = z.strictObject({ status: z.enum(['closed', 'cancelled']).optional(), closesOn: day.optional() })

const tallySchema = z.object({ yes: z.number(), no: z.number(), notYet: z.number() })
export const consentAskSchema = z.object({
  id: z.string(),
  purpose: consentPurposeSchema,
  subject: z.string().nullable(),
  audience: z.array(z.string()),
  closesOn: day,
  occasionOn: day.nullable(),
  answeredBy: z.enum(consentAnsweredBy),
  status: z.enum(consentAskStatuses),
  /** Takes answers today. */
  open: z.boolean(),
  createdAt: timestamp
})
export const createdConsentAskSchema = consentAskSchema.extend({ childCount: z.number() })
export const consentAskWithTallySchema = consentAskSchema.extend({ tally: tallySchema })
export const consentAskPageSchema = pageOf(consentAskWithTallySchema, 'ConsentAskPage')
export const consentAskListQuery = z.strictObject({ ...pageQueryShape })

const childConsentStatus = z.enum(['yes', 'no', 'not_yet'])
export const askAnswersQuery = z.strictObject({ ...pageQueryShape, day: day.optional().describe('The day to see the answers on; today unless given.') })
export const askDayQuery = z.strictObject({ day: day.optional() })
/** The office lists' mark (withholding.ts, `office_list`): only a caller holding `restricted.read` is ever shown such a child. */
const restrictedToday = z.boolean().describe('Under a protection flag or court order today: listed only to staff holding restricted.read.')

export const askAnswerItemSchema = z.object({
  child: personName,
  status: childConsentStatus,
  adults: z.array(z.object({
    adult: personName,
    answer: z.enum(consentAnswers).nullable(),
    effectiveFrom: day.nullable(),
    answeredAt: timestamp.nullable(),
    enteredByStaff: z.boolean()
  })),
  restricted: restrictedToday
})
export const askAnswersPageSchema = pageOf(askAnswerItemSchema, 'ConsentAskAnswersPage')

export const classListQuery = z.strictObject({ class: plainLine(60), day: day.optional() })
export const classListSchema = z.object({
  ask: consentAskSchema,
  class: z.object({ code: z.string(), title: z.string() }),
  day,
  children: z.array(z.object({ child: personName, status: childConsentStatus, restricted: restrictedToday }))
})

export const childConsentsParams = z.object({ id: recordId('per') })
export const childConsentsSchema = z.object({
  child: personName,
  day,
  consents: z.array(z.object({ purpose: consentPurposeSchema, ask: consentAskSchema, status: childConsentStatus }))
})

/** An answer the office types in from a paper form, on the adult's behalf. */
export const officeAnswerInput = z.strictObject({ childId: recordId('per'), adultId: recordId('per'), answer: z.enum(consentAnswers), day })
/** An adult's answer in the portal, for a child: always for today in the school's zone, so no day is taken from a family. */
export const portalAnswerInput = z.strictObject({ askId: recordId('cak'), childId: recordId('per'), answer: z.enum(consentAnswers) })
export const consentAnswerSchema = z.object({
  id: z.string(), askId: z.string(), childId: z.string(), adultId: z.string(), answer: z.enum(consentAnswers), effectiveFrom: day,
  answeredAt: timestamp, enteredByStaff: z.boolean()
})

export const reminderInput = z.strictObject({ subject: plainLine(200).optional(), body: z.string().trim().min(1).max(20_000).optional() })

export const portalConsentsSchema = z.object({
  items: z.array(z.object({
    ask: z.object({
      id: z.string(), purpose: z.string(), lasting: z.enum(consentLastings), subject: z.string().nullable(), closesOn: day,
      occasionOn: day.nullable(), answeredBy: z.enum(consentAnsweredBy), open: z.boolean()
    }),
    child: personName,
    status: childConsentStatus,
    myAnswer: z.enum(consentAnswers).nullable(),
    /** The ask is closed and the adult's own answer is a standing consent given: they may still withdraw it (a `no`). */
    canWithdraw: z.boolean(),
    history: z.array(z.object({ answer: z.enum(consentAnswers), effectiveFrom: day, answeredAt: timestamp }))
  }))
})
