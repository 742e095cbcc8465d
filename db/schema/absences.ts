/**
 * Absences (docs/absences.md): what families report in the portal and the office records for them, and
 * the absences the school's attendance system found with no report, each of which asks the family why.
 */
import { table, text, integer, bigint, index, uniqueIndex } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import { messages } from './messages'
import type { AbsenceReason, AbsenceReporter } from '../../shared/vocabulary'

/**
 * One absence of one child: whole days from `fromDay` to `toDay`, or a part of one day (`fromTime` to
 * `toTime`, `HH:MM` in the school's zone, with `fromDay` = `toDay`). Reported by an adult in the portal
 * (`reportedBy` family, `adultId` theirs) or recorded by the office (`enteredBy` the member of staff,
 * `adultId` the adult who phoned, when named). A document is kept where exports are, by `documentKey`,
 * never in the database. Withdrawn rows stay, marked, so the office's history holds.
 */
export const absences = table('absences', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  childId: text('child_id').notNull().references(() => people.id),
  fromDay: text('from_day').notNull(),
  toDay: text('to_day').notNull(),
  fromTime: text('from_time'),
  toTime: text('to_time'),
  reason: text('reason').$type<AbsenceReason>().notNull(),
  note: text('note'),
  documentKey: text('document_key'),
  documentName: text('document_name'),
  documentType: text('document_type'),
  documentBytes: integer('document_bytes'),
  reportedBy: text('reported_by').$type<AbsenceReporter>().notNull(),
  adultId: text('adult_id').references(() => people.id),
  enteredBy: text('entered_by'),
  /** The unexplained absence this explains, when the family answered the attendance system's notice. */
  explainsId: text('explains_id'),
  reportedAt: text('reported_at').notNull(),
  acknowledgedAt: text('acknowledged_at'),
  acknowledgedBy: text('acknowledged_by'),
  withdrawnAt: text('withdrawn_at'),
  withdrawnBy: text('withdrawn_by'),
  updatedAt: text('updated_at').notNull()
}, t => [
  index('absences_school_id_from_day_idx').on(t.schoolId, t.fromDay, t.toDay),
  index('absences_school_id_child_id_idx').on(t.schoolId, t.childId, t.fromDay),
  index('absences_school_id_reported_at_idx').on(t.schoolId, t.reportedAt, t.id)
])

/**
 * An absence the attendance system found in the register with no report: a child, a day and, for a part
 * of it, a period (`periodKey`, `HH:MM-HH:MM`, empty for the whole day), once per school however often it
 * is sent. Its notice to the family is written by a worker (`noticeAt` null until then, a lease while one
 * works on it): the notice and `messageId` commit together, so a worker killed mid-way writes it once.
 */
export const unexplainedAbsences = table('unexplained_absences', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  childId: text('child_id').notNull().references(() => people.id),
  day: text('day').notNull(),
  fromTime: text('from_time'),
  toTime: text('to_time'),
  periodKey: text('period_key').notNull(),
  receivedAt: text('received_at').notNull(),
  receivedBy: text('received_by').notNull(),
  messageId: text('message_id').references(() => messages.id),
  noticeAt: text('notice_at'),
  /** Milliseconds since the epoch: written once, so a batch's notices are claimed in the order they came. */
  queuedAt: bigint('queued_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until'),
  explainedAt: text('explained_at')
}, t => [
  uniqueIndex('unexplained_absences_school_id_child_id_day_period_idx').on(t.schoolId, t.childId, t.day, t.periodKey),
  index('unexplained_absences_school_id_day_idx').on(t.schoolId, t.day),
  index('unexplained_absences_notice_at_queued_at_idx').on(t.noticeAt, t.queuedAt, t.id)
])
