/**
 * Consents (docs/consents.md): the school's consent purposes, its asks to families, and the answers
 * adults give for a child, each kept (a later answer supersedes an earlier one, never overwrites it).
 */
import { table, text, integer, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { ConsentAnswer, ConsentAnsweredBy, ConsentAskStatus, ConsentLasting, ConsentSignature } from '../../shared/vocabulary'

export {
  consentAnswers, consentAnsweredBy, consentAskStatuses, consentLastings, type ConsentAnswer, type ConsentAnsweredBy, type ConsentAskStatus,
  type ConsentLasting
} from '../../shared/vocabulary'

/** What the school asks consent for: whether it is about a named thing, and whether one answer lasts. */
export const consentPurposes = table('consent_purposes', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  /** `yes`: an ask (and so every answer) names the thing (an excursion, an activity) as its subject. */
  aboutNamedThing: text('about_named_thing').$type<'yes' | 'no'>().notNull(),
  lasting: text('lasting').$type<ConsentLasting>().notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('consent_purposes_school_id_name_idx').on(t.schoolId, t.name)])

/** One ask to families: a purpose (and its subject), an audience, a closing day, and who must answer. */
export const consentAsks = table('consent_asks', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  purposeId: text('purpose_id').notNull().references(() => consentPurposes.id),
  subject: text('subject'),
  /** The audience groups as asked (`class:7B`, `year:7`, …), a JSON array. */
  audience: text('audience').notNull(),
  /** The last day answers are taken, in the school's zone. */
  closesOn: text('closes_on').notNull(),
  /** The day of the occasion (the excursion's day), when there is one. */
  occasionOn: text('occasion_on'),
  answeredBy: text('answered_by').$type<ConsentAnsweredBy>().notNull(),
  status: text('status').$type<ConsentAskStatus>().notNull(),
  /** The school's words families read with the ask, in the school's language. */
  text: text('text'),
  /** `required`: each answer is signed with the adult's typed name and the statement ticked (docs/consents.md, "Signatures"). */
  signature: text('signature').$type<ConsentSignature>().notNull().default('none'),
  /** The ask's own questions (`AskQuestion[]`, JSON): answered with each `yes`. */
  questions: text('questions').notNull().default('[]'),
  /** When reminders go by themselves (`ReminderSchedule`, JSON): days after sending and days before closing. */
  reminderSchedule: text('reminder_schedule').notNull().default('{"afterSending":[],"beforeClosing":[]}'),
  /** The next day a scheduled reminder is due, in the school's zone; null when none is left. The reminder worker claims by it. */
  nextReminderOn: text('next_reminder_on'),
  /** When the first signed answer was recorded: from then on the words signed cannot change. */
  signedAt: text('signed_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [
  index('consent_asks_school_id_created_at_idx').on(t.schoolId, t.createdAt),
  index('consent_asks_next_reminder_on_idx').on(t.nextReminderOn)
])

/** Every reminder of an ask, scheduled or sent by the office now: a scheduled one is sent once (`due` unique per ask). */
export const consentAskReminders = table('consent_ask_reminders', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  askId: text('ask_id').notNull().references(() => consentAsks.id),
  /** `after:3`, `before:1` for a scheduled reminder (the day it was due follows), `now:<id>` for one the office sent. */
  due: text('due').notNull(),
  dueOn: text('due_on').notNull(),
  messageId: text('message_id'),
  /** How many adults it went to. */
  adults: integer('adults').notNull(),
  sentBy: text('sent_by'),
  sentAt: text('sent_at').notNull()
}, t => [uniqueIndex('consent_ask_reminders_ask_id_due_idx').on(t.askId, t.due)])

/** The children an ask is for: its audience's children on the day it was made. */
export const consentAskChildren = table('consent_ask_children', {
  askId: text('ask_id').notNull().references(() => consentAsks.id),
  childId: text('child_id').notNull().references(() => people.id),
  schoolId: text('school_id').notNull().references(() => schools.id)
}, t => [primaryKey({ columns: [t.askId, t.childId] }), index('consent_ask_children_child_id_idx').on(t.childId)])

/**
 * One answer of one adult for one child to one ask, in force from `effectiveFrom`. Answers are never
 * changed: a later one supersedes an earlier one. `enteredBy` is the member of staff who typed in a
 * paper form on the adult's behalf (null when the adult answered in the portal).
 */
export const consents = table('consents', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  askId: text('ask_id').notNull().references(() => consentAsks.id),
  purposeId: text('purpose_id').notNull().references(() => consentPurposes.id),
  childId: text('child_id').notNull().references(() => people.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  answer: text('answer').$type<ConsentAnswer>().notNull(),
  effectiveFrom: text('effective_from').notNull(),
  enteredBy: text('entered_by'),
  /** A signed answer: the name typed, the account signed in, the client's address and browser family. */
  signedName: text('signed_name'),
  signedAccountId: text('signed_account_id'),
  signedAddress: text('signed_address'),
  signedBrowser: text('signed_browser'),
  /** SHA-256 (hex) of exactly what was shown (signed-words.ts), and the language it was shown in. */
  shownHash: text('shown_hash'),
  shownLanguage: text('shown_language'),
  /** The answers to the ask's questions, JSON `{ [questionId]: value }`, kept with the answer (and its signature); the medical ones apart. */
  formAnswers: text('form_answers'),
  /** The answers to its medical questions: a restricted column in exports (docs/consents.md, "Questions"). */
  medicalAnswers: text('medical_answers'),
  createdAt: text('created_at').notNull()
}, t => [
  index('consents_school_id_ask_id_child_id_idx').on(t.schoolId, t.askId, t.childId),
  index('consents_school_id_purpose_id_child_id_idx').on(t.schoolId, t.purposeId, t.childId),
  index('consents_adult_id_idx').on(t.adultId),
  // An erasure finds a child's answers by the child alone (server/domain/retention/erasure-steps.ts).
  index('consents_child_id_idx').on(t.childId)
])
