/**
 * Consents (docs/consents.md): the school's consent purposes, its asks to families, and the answers
 * adults give for a child, each kept (a later answer supersedes an earlier one, never overwrites it).
 */
import { table, text, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { ConsentAnswer, ConsentAnsweredBy, ConsentAskStatus, ConsentLasting } from '../../shared/vocabulary'

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
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [index('consent_asks_school_id_created_at_idx').on(t.schoolId, t.createdAt)])

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
  createdAt: text('created_at').notNull()
}, t => [
  index('consents_school_id_ask_id_child_id_idx').on(t.schoolId, t.askId, t.childId),
  index('consents_school_id_purpose_id_child_id_idx').on(t.schoolId, t.purposeId, t.childId),
  index('consents_adult_id_idx').on(t.adultId)
])
