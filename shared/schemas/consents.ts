import { z } from 'zod'
import { askQuestionKinds, consentAnswers, consentAnsweredBy, consentAskStatuses, consentLastings, consentSignatures } from '../vocabulary'
import { multilineTextRefusal } from '../plain-text'
import { day, pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'

/** Free text of several lines (an ask's text, a long answer): no control character but tabs and line breaks. */
export function plainText(max: number) {
  return z.string().check((ctx) => {
    const refusal = multilineTextRefusal(ctx.value)
    if (refusal) ctx.issues.push({ code: 'custom', input: ctx.value, message: refusal.message })
  }).trim().max(max, `At most ${max} characters.`)
}

/** The most a form's answers may hold, in bytes of their JSON (docs/consents.md, "Questions"). */
export const formAnswersBytes = 64 * 1024

/** One question of an ask, as the office writes it; the server numbers them `q1`, `q2` … in order. */
export const askQuestionInput = z.strictObject({
  label: plainLine(300),
  kind: z.enum(askQuestionKinds),
  required: z.boolean().default(false),
  /** For `choice`: the choices, 2 to 20, each distinct. */
  choices: z.array(plainLine(120)).min(2, 'Give at least two choices.').max(20, 'At most 20 choices.').optional(),
  /** A medical question: its answers are a restricted column in exports and shown only to staff with `consents.manage`. */
  medical: z.boolean().default(false)
}).superRefine((question, context) => {
  if (question.kind === 'choice' && !question.choices) context.addIssue({ code: 'custom', path: ['choices'], message: 'A choice needs its choices.' })
  if (question.kind !== 'choice' && question.choices) context.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice has choices.' })
  if (question.choices && new Set(question.choices).size !== question.choices.length) {
    context.addIssue({ code: 'custom', path: ['choices'], message: 'Each choice once.' })
  }
})
export const askQuestionSchema = z.object({
  id: z.string(), label: z.string(), kind: z.enum(askQuestionKinds), required: z.boolean(), choices: z.array(z.string()).optional(), medical: z.boolean()
})
export type AskQuestion = z.output<typeof askQuestionSchema>

const reminderDays = (max: number) => z.array(z.number().int().min(1, 'At least 1 day.').max(max, `At most ${max} days.`)).max(5, 'At most 5 reminders.')
  .refine(days => new Set(days).size === days.length, 'Each day once.')
/** When reminders go by themselves to the adults still to answer: days after the ask was sent, and days before it closes. */
export const reminderScheduleSchema = z.strictObject({ afterSending: reminderDays(90).default([]), beforeClosing: reminderDays(30).default([]) })
export type ReminderSchedule = z.output<typeof reminderScheduleSchema>

/** A value answering one question: text for the text kinds and a choice, `YYYY-MM-DD` for a date, true or false for yes/no; null unanswered. */
export const formAnswerValue = z.union([z.string().max(5000, 'At most 5000 characters.'), z.boolean(), z.null()])
export const formAnswersInput = z.record(z.string().regex(/^q[0-9]{1,2}$/, 'Not a question of this ask.'), formAnswerValue)
  .refine(answers => new TextEncoder().encode(JSON.stringify(answers)).length <= formAnswersBytes, 'At most 64 KiB of answers.')

/** A signature: the adult's full name typed as the school has it (case, accents and spacing aside) and the statement ticked. */
export const signatureInput = z.strictObject({
  name: plainLine(200, 'Type your full name.'),
  agreed: z.literal(true, 'Tick the statement to sign.')
})

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
  answeredBy: z.enum(consentAnsweredBy),
  text: plainText(5000).nullish().describe('The school\'s words families read with the ask.'),
  signature: z.enum(consentSignatures).default('none').describe('`required`: each answer is signed with the adult\'s typed name.'),
  questions: z.array(askQuestionInput).max(20, 'At most 20 questions.').default([]),
  reminders: reminderScheduleSchema.default({ afterSending: [], beforeClosing: [] })
})
/** The words families sign (text, questions) change only while no answer is signed: `conflict` after; a correction is a new ask. */
export const consentAskChangeInput = z.strictObject({
  status: z.enum(['closed', 'cancelled']).optional(),
  closesOn: day.optional(),
  text: plainText(5000).nullish(),
  questions: z.array(askQuestionInput).max(20, 'At most 20 questions.').optional(),
  reminders: reminderScheduleSchema.optional()
})

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
  text: z.string().nullable(),
  signature: z.enum(consentSignatures),
  questions: z.array(askQuestionSchema),
  reminders: reminderScheduleSchema,
  /** The next day a scheduled reminder goes, null when none is left. */
  nextReminderOn: day.nullable(),
  /** When the first signed answer was recorded: the text and questions no longer change. */
  signedAt: timestamp.nullable(),
  createdAt: timestamp
})
export const createdConsentAskSchema = consentAskSchema.extend({ childCount: z.number() })
export const consentAskWithTallySchema = consentAskSchema.extend({ tally: tallySchema })
export const consentAskPageSchema = pageOf(consentAskWithTallySchema, 'ConsentAskPage')
export const consentAskListQuery = z.strictObject({ ...pageQueryShape })

const childConsentStatus = z.enum(['yes', 'no', 'not_yet'])
export const askAnswersQuery = z.strictObject({
  ...pageQueryShape,
  day: day.optional().describe('The day to see the answers on; today unless given.'),
  waiting: z.enum(['true', 'false']).optional().describe('`true`: only children still at not yet, whom someone is still to sign for.')
})
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
    enteredByStaff: z.boolean(),
    /** The answer in force, for its receipt and signature (`GET /api/app/consents/answers/{id}`); null before any. */
    answerId: z.string().nullable(),
    signed: z.boolean()
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
/**
 * An adult's answer in the portal, for a child: always for today in the school's zone, so no day is taken from a family. A `yes` to an
 * ask with questions carries their answers; an ask that requires a signature takes one with every answer; `shownHash` is the hash the
 * page showed (`signing.shownHash`), so a signature is never kept for words that changed under the reader (`conflict`).
 */
export const portalAnswerInput = z.strictObject({
  askId: recordId('cak'),
  childId: recordId('per'),
  answer: z.enum(consentAnswers),
  answers: formAnswersInput.optional(),
  signature: signatureInput.optional(),
  shownHash: z.string().regex(/^[0-9a-f]{64}$/, 'Not a SHA-256.').optional()
})
export const consentAnswerSchema = z.object({
  id: z.string(), askId: z.string(), childId: z.string(), adultId: z.string(), answer: z.enum(consentAnswers), effectiveFrom: day,
  answeredAt: timestamp, enteredByStaff: z.boolean(), signed: z.boolean(), shownHash: z.string().nullable()
})

export const consentAnswerParams = z.object({ id: recordId('cns') })
/** A signed answer as the office reads it: who signed, when, from where, the hash kept and the hash of the ask's words now. */
export const consentAnswerDetailSchema = z.object({
  id: z.string(), askId: z.string(), child: personName, adult: personName, answer: z.enum(consentAnswers), effectiveFrom: day, answeredAt: timestamp,
  enteredByStaff: z.boolean(),
  signature: z.object({
    name: z.string(), accountId: z.string().nullable(), address: z.string().nullable(), browser: z.string().nullable(), language: z.string(),
    shownHash: z.string(),
    /** The hash of the ask's words as they stand, in the language shown: equal to `shownHash` unless the record was altered. */
    currentHash: z.string(),
    matches: z.boolean()
  }).nullable(),
  answers: z.array(z.object({ questionId: z.string(), label: z.string(), kind: z.enum(askQuestionKinds), medical: z.boolean(),
    value: formAnswerValue }))
})
/** A hash read off a receipt, checked against the record. */
export const receiptCheckInput = z.strictObject({
  hash: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, 'Type the 64 characters of the receipt\'s hash.')
})
export const receiptCheckSchema = z.object({ matches: z.boolean(), shownHash: z.string(), currentHash: z.string() })

/** One reminder of an ask: scheduled (`after:3`, `before:1`) or sent now by the office (`now:…`). */
export const askReminderSchema = z.object({ due: z.string(), dueOn: day, adults: z.number(), sentBy: z.string().nullable(), sentAt: timestamp })
export const askRemindersSchema = z.object({ items: z.array(askReminderSchema) })

export const reminderInput = z.strictObject({ subject: plainLine(200).optional(), body: z.string().trim().min(1).max(20_000).optional() })

export const portalConsentsSchema = z.object({
  items: z.array(z.object({
    ask: z.object({
      id: z.string(), purpose: z.string(), lasting: z.enum(consentLastings), subject: z.string().nullable(), closesOn: day,
      occasionOn: day.nullable(), answeredBy: z.enum(consentAnsweredBy), open: z.boolean(), text: z.string().nullable(),
      signature: z.enum(consentSignatures), questions: z.array(askQuestionSchema)
    }),
    child: personName,
    /** Where the child stands; null for an ask every adult answers, where it would tell one adult another's answer. */
    status: childConsentStatus.nullable(),
    myAnswer: z.enum(consentAnswers).nullable(),
    /** The adult's answer in force: its id for the receipt (`GET /api/app/portal/consents/answers/{id}/receipt`) when signed. */
    myAnswerId: z.string().nullable(),
    mySignedAt: timestamp.nullable(),
    /** What signing shows, in the adult's language: the statement to tick and the SHA-256 of all shown; null when no signature is asked. */
    signing: z.object({ statement: z.string(), language: z.string(), shownHash: z.string() }).nullable(),
    /** The ask is closed and the adult's own answer is a standing consent given: they may still withdraw it (a `no`). */
    canWithdraw: z.boolean(),
    history: z.array(z.object({ answer: z.enum(consentAnswers), effectiveFrom: day, answeredAt: timestamp }))
  }))
})
