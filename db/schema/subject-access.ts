import { table, text, integer, index, uniqueIndex } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type {
  SubjectAccessChannel, SubjectAccessDeadlineRule, SubjectAccessDecision, SubjectAccessItemKind, SubjectAccessKind, SubjectAccessState
} from '../../shared/vocabulary'

/**
 * A request from a data subject, or from an adult for a child (issue 42 point 4, docs/retention.md): who asked (a person on
 * file and/or a line saying who), about whom, received on which day, how the requester's identity was checked, the clock it
 * runs on, any extension with its reason, and each step with who took it and when. It holds no copy of the answer: the
 * answer is assembled from the tables when it is opened, with the office's decisions (`subject_access_items`).
 */
export const subjectAccessRequests = table('subject_access_requests', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  kind: text('kind').$type<SubjectAccessKind>().notNull(),
  subjectId: text('subject_id').notNull().references(() => people.id),
  requesterId: text('requester_id').references(() => people.id),
  requesterDescription: text('requester_description'),
  receivedOn: text('received_on').notNull(),
  verifiedHow: text('verified_how').notNull(),
  deadlineRule: text('deadline_rule').$type<SubjectAccessDeadlineRule>().notNull(),
  /** The last day to answer, worked out when the request is logged or extended (server/domain/subject-access/deadline.ts). */
  deadline: text('deadline').notNull(),
  extensionMonths: integer('extension_months').notNull().default(0),
  extensionReason: text('extension_reason'),
  extendedBy: text('extended_by'),
  extendedAt: text('extended_at'),
  state: text('state').$type<SubjectAccessState>().notNull(),
  /** When items were gathered for review (an access request only); sending needs it. */
  assembledAt: text('assembled_at'),
  channel: text('channel').$type<SubjectAccessChannel>(),
  /** Why a request was refused, or what was done to carry it out (ids and field names only). */
  outcome: text('outcome'),
  loggedBy: text('logged_by').notNull(),
  loggedAt: text('logged_at').notNull(),
  closedBy: text('closed_by'),
  closedAt: text('closed_at')
}, t => [
  index('subject_access_requests_school_id_deadline_idx').on(t.schoolId, t.deadline, t.id),
  index('subject_access_requests_school_id_state_idx').on(t.schoolId, t.state, t.deadline),
  index('subject_access_requests_school_id_subject_id_idx').on(t.schoolId, t.subjectId)
])

/**
 * One record of an access request's answer the office decides on (a restricted record, or a third party's details): its
 * kind and id, the decision and why. Undecided (`decision` null) holds the answer back.
 */
export const subjectAccessItems = table('subject_access_items', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  requestId: text('request_id').notNull().references(() => subjectAccessRequests.id),
  itemKind: text('item_kind').$type<SubjectAccessItemKind>().notNull(),
  recordId: text('record_id').notNull(),
  decision: text('decision').$type<SubjectAccessDecision>(),
  reason: text('reason'),
  decidedBy: text('decided_by'),
  decidedAt: text('decided_at')
}, t => [uniqueIndex('subject_access_items_request_id_item_kind_record_id_idx').on(t.requestId, t.itemKind, t.recordId)])
