/**
 * The enumerations that the database, the server, the screens and the CLI all speak. Kept free of
 * any server import so that the screens' bundle can use them.
 */

export const affiliationKinds = ['student', 'staff_member', 'applicant', 'volunteer', 'contractor', 'prac_student', 'board_member'] as const
export type AffiliationKind = typeof affiliationKinds[number]

export const nameChangeKinds = ['correction', 'change'] as const
export type NameChangeKind = typeof nameChangeKinds[number]

export const concessionKinds = ['sibling', 'staff', 'scholarship', 'bursary', 'hardship', 'other'] as const
export type ConcessionKind = typeof concessionKinds[number]

export const protectionFlagKinds = ['child_protection', 'family_violence', 'suppressed_details', 'other'] as const
export type ProtectionFlagKind = typeof protectionFlagKinds[number]

export const courtOrderKinds = ['parenting_order', 'intervention_order', 'other'] as const
export type CourtOrderKind = typeof courtOrderKinds[number]

/**
 * What an adult may see or do about a child in the family portal, each decided on the day by the access
 * module's standing (parental responsibility, court orders, protection flags).
 */
export const standingPurposes = ['details', 'contact', 'billing', 'applications', 'consents', 'messages', 'attendance'] as const
export type StandingPurpose = typeof standingPurposes[number]

/**
 * What a court order keeps the adult it names from: the portal's purposes, each withheld by the access module's
 * standing while the order is in force, and collecting the child, which the office's own lists (starters) mark.
 * Their names and descriptions are the staff screens' words (i18n/staff/, `staff.person.purposes.*`).
 */
export const courtOrderPurposes = [...standingPurposes, 'collection'] as const
export type CourtOrderPurpose = typeof courtOrderPurposes[number]

/**
 * The family portal's sections a school can switch off for families (the portal's *Our data* is always open);
 * their places and words are in shared/portal-navigation.ts.
 */
export const portalSections = ['children', 'details', 'payers', 'applications', 'consents', 'messages', 'fees', 'absences'] as const
export type PortalSection = typeof portalSections[number]

/** A standing consent lasts until withdrawn; one asked each occasion holds for its ask alone (docs/consents.md). */
export const consentLastings = ['standing', 'each_occasion'] as const
export type ConsentLasting = typeof consentLastings[number]

/** Who must answer an ask: every adult with `consents` standing on the child, or any one of them. */
export const consentAnsweredBy = ['every_adult', 'any_adult'] as const
export type ConsentAnsweredBy = typeof consentAnsweredBy[number]

/** `open` until its closing day; `closed` by the office early; `cancelled` when its subject was cancelled or stopped taking answers. */
/** Whether an ask's answers are signed: the adult's typed name and the statement ticked (docs/consents.md, "Signatures"). */
export const consentSignatures = ['none', 'required'] as const
export type ConsentSignature = typeof consentSignatures[number]

/** The kinds of question an ask may carry (docs/consents.md, "Questions"). */
export const askQuestionKinds = ['short_text', 'long_text', 'yes_no', 'choice', 'date'] as const
export type AskQuestionKind = typeof askQuestionKinds[number]

export const consentAskStatuses = ['open', 'closed', 'cancelled'] as const
export type ConsentAskStatus = typeof consentAskStatuses[number]

export const consentAnswers = ['yes', 'no'] as const
export type ConsentAnswer = typeof consentAnswers[number]

/**
 * `pending` until handed to the mail server; `bounced` when it refused the address for good (a 5xx);
 * `failed` when it could not be reached through every retry; `no_address`: kept in the portal only;
 * `withheld`: standing keeps the adult from being told, at send (an adult named in the audience whom an
 * order or a flag withholds) or when the mail was to leave (standing on the children it was reached
 * through gone since), so never sent nor shown in the portal, and no reason kept. `held`: the adult
 * chose a daily digest for the notice's kind, so it waits for the digest, whose outcome it then takes;
 * `off`: the adult turned email off for the kind (the portal still shows the message).
 */
export const messageDeliveryStatuses = ['pending', 'sent', 'bounced', 'failed', 'no_address', 'withheld', 'held', 'off'] as const
export type MessageDeliveryStatus = typeof messageDeliveryStatuses[number]

export const moduleNames = ['people', 'billing', 'admissions', 'rosters', 'staff_import', 'people_sync', 'exports', 'webhooks'] as const
export type ModuleName = typeof moduleNames[number]
export type ModuleMode = 'on' | 'read_only' | 'off'

/**
 * The event kinds a webhook can ask for (docs/decisions.md, "Events"): every kind the service
 * records, and those of records still to come, so a subscription made now keeps working when they land.
 */
export const webhookEventKinds = [
  'person.created', 'person.updated', 'person.deleted',
  'affiliation.created', 'affiliation.updated', 'billing.updated',
  'enquiry.created', 'booking.created', 'application.created', 'application.updated', 'enrolment.created',
  'sync_run.updated', 'staff_import.completed', 'export.produced',
  'tour.created', 'tour.updated', 'class.created', 'class.updated', 'class_member.created', 'class_member.updated',
  'teaching_assignment.created', 'teaching_assignment.updated',
  // Records added after the list in docs/decisions.md, with kinds of their own.
  'academic_session.created', 'academic_session.updated', 'course.created', 'course.updated',
  'affiliation.deleted', 'staff_check.created', 'staff_check.updated', 'enquiry.updated',
  'fee_schedule.created', 'fee_schedule.updated',
  'consent_purpose.created', 'consent_ask.created', 'consent_ask.updated', 'consent.created', 'consent.updated',
  'message.created', 'activity_member.created', 'activity_member.deleted',
  'notification.failed',
  'absence.reported', 'absence.explained', 'absence.withdrawn', 'contact.updated',
  // Interface 1.2, additive: a person erased under the school's retention schedule or on request (docs/retention.md).
  'person.erased'
] as const
export type WebhookEventKind = typeof webhookEventKinds[number]

/** A fee schedule version is a draft, edited freely, until it is published; then it is fixed. */
export const feeVersionStates = ['draft', 'published'] as const
export type FeeVersionState = typeof feeVersionStates[number]

/** What a billing period of a fee schedule is. */
export const feePeriodKinds = ['year', 'semester', 'term', 'month', 'one_off'] as const
export type FeePeriodKind = typeof feePeriodKinds[number]

/** `pending` until a 2xx; `given_up` after the 13th failure; `cancelled` when its subscription was deleted first. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'given_up', 'cancelled'] as const
export type WebhookDeliveryStatus = typeof webhookDeliveryStatuses[number]

/** Classes of warehouse export columns, in rising order: a school may move a column up, never below its default. */
export const columnClasses = ['general', 'personal', 'restricted'] as const
export type ColumnClass = typeof columnClasses[number]

export const alumniRules = ['any_former_student', 'completed_final_year'] as const
export type AlumniRule = typeof alumniRules[number]

/** Parts of a person a school can keep in its student information system; then only a sync changes them. */
export const heldParts = ['names', 'dateOfBirth', 'studentSpans'] as const
export type HeldPart = typeof heldParts[number]

export const hrisDateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const
export type HrisDateFormat = typeof hrisDateFormats[number]

export const syncScopes = ['full', 'changes'] as const
export type SyncScope = typeof syncScopes[number]

export const syncRunStatuses = ['queued', 'paused', 'applying', 'applied', 'failed', 'cancelled', 'reverted'] as const
export type SyncRunStatus = typeof syncRunStatuses[number]

/** Whether `value` is one of `list`; an own-value check, so `toString` or `constructor` never pass. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/** DECISIONS: submitted → offered → accepted | declined → started → left; withdrawn from any state before started. */
export const applicationStates = ['submitted', 'offered', 'accepted', 'declined', 'started', 'left', 'withdrawn'] as const
export type ApplicationState = typeof applicationStates[number]

export const applicationEventKinds = ['started', 'withdrawn'] as const
export type ApplicationEventKind = typeof applicationEventKinds[number]

/** An application sent to the school, or an enrolment of a child admitted elsewhere. */
export type ApplicationOrigin = 'application' | 'enrolment'

/** A school year, or a term (or semester) within it. */
export const academicSessionKinds = ['school_year', 'term'] as const
export type AcademicSessionKind = typeof academicSessionKinds[number]

/** A homeroom (form, tutor group) or a timetabled subject class. */
export const classKinds = ['homeroom', 'scheduled'] as const
export type ClassKind = typeof classKinds[number]

/** Who teaches a class: the one lead teacher and any assistants. */
export const teachingRoles = ['lead', 'assistant'] as const
export type TeachingRole = typeof teachingRoles[number]

/** The roster sets served at `/api/v1/roster/{format}`: OneRoster 1.1, School Data Sync 2.1 and OneRoster 1.2 CSV (docs/rosters.md). */
export const rosterFormats = ['oneroster', 'sds', 'oneroster12'] as const
export type RosterFormat = typeof rosterFormats[number]

/** What the OneRoster REST service keeps of each object it serves (docs/rosters.md, "OneRoster REST"). */
export const oneRosterObjectKinds = ['org', 'academicSession', 'course', 'class', 'user', 'enrollment'] as const
export type OneRosterObjectKind = typeof oneRosterObjectKinds[number]
/** The binding's read scopes a client can hold, named as 1.2 names them after `…/scope/`; 1.1's are the same words. */
export const oneRosterScopes = ['roster-core.readonly', 'roster.readonly'] as const
export type OneRosterScope = typeof oneRosterScopes[number]

/**
 * The kinds of notice a family chooses for (docs/notifications.md): messages from the school, consent
 * asks and reminders, fee statements, application steps, absences.
 */
export const noticeKinds = ['school', 'consents', 'fees', 'applications', 'absences'] as const
export type NoticeKind = typeof noticeKinds[number]

/** How a notice reaches an adult: their email address, a text to their phone number, a push to a browser or phone they turned on. */
export const notificationChannels = ['email', 'sms', 'push'] as const
export type NotificationChannel = typeof notificationChannels[number]

/** An adult's choice for a kind on a channel: each notice at once, gathered into the day's digest, or not at all. */
export const notificationModes = ['instant', 'digest', 'off'] as const
export type NotificationMode = typeof notificationModes[number]

/**
 * A text or push delivery (and every channel's digest): `queued` until handed over; `held` for the
 * digest; `sent` when the gateway or push service took it; `delivered` when the gateway's delivery
 * report says the phone has it; `bounced` when refused for good (a number that does not exist, a push
 * subscription gone); `failed` after the last retry; `withheld` when standing went before it left.
 */
export const notificationDeliveryStatuses = ['queued', 'held', 'sent', 'delivered', 'bounced', 'failed', 'withheld'] as const
export type NotificationDeliveryStatus = typeof notificationDeliveryStatuses[number]

/**
 * Why a child is away (docs/absences.md): the reasons a school offers families and the office, each
 * worded in the reader's language; `other` needs a note.
 */
export const absenceReasons = ['illness', 'medical_appointment', 'family_reason', 'religious_observance', 'other'] as const
export type AbsenceReason = typeof absenceReasons[number]

/** Who reported an absence: an adult in the portal, or the office for them (a phone call, a note at the desk). */
export const absenceReporters = ['family', 'office'] as const
export type AbsenceReporter = typeof absenceReporters[number]

/** The two lists of people on a child's record the office calls or hands the child to (docs/data-check.md). */
export const childContactKinds = ['emergency', 'collector'] as const
export type ChildContactKind = typeof childContactKinds[number]

/** A data check's life: open until its closing day has passed or the office closes it. */
export const dataCheckStatuses = ['open', 'closed'] as const
export type DataCheckStatus = typeof dataCheckStatuses[number]

/** Where an adult asked in a data check stands: not answered yet, confirmed all as on file, or sent corrections. */
export const dataCheckAnswerStates = ['waiting', 'confirmed', 'corrected'] as const
export type DataCheckAnswerState = typeof dataCheckAnswerStates[number]

/**
 * The classes of record a school keeps for a period and then lets go (docs/retention.md): each with a trigger the period
 * runs from and a default period from a published schedule (server/domain/retention/schedule.ts).
 */
export const retentionRecordClasses = [
  'enquiries', 'unstarted_applications', 'former_students', 'former_staff', 'sync_runs', 'webhook_deliveries', 'messages',
  'closed_consents', 'absences', 'signed_receipts', 'activity_entries', 'data_access_receipts', 'restricted_records'
] as const
export type RetentionRecordClass = typeof retentionRecordClasses[number]

/** What a retention period runs from: the person leaving, the case closing, the record being made, or the child's birth. */
export const retentionTriggers = ['left', 'closed', 'created', 'date_of_birth'] as const
export type RetentionTrigger = typeof retentionTriggers[number]

/** What retention did, as `retention_actions` records it (db/schema/retention.ts). */
export const retentionActionKinds = ['erased', 'deleted', 'held', 'released', 'reviewed'] as const
export type RetentionAction = typeof retentionActionKinds[number]

/** What a row of the due list names (db/schema/retention.ts, `retention_due`). */
export const retentionDueSubjectKinds = ['person', 'protection_flag', 'court_order', 'cutoff'] as const
export type RetentionDueSubjectKind = typeof retentionDueSubjectKinds[number]

/** What a data subject asks of the school (docs/retention.md, "Subject access requests"): a copy, or to erase, correct or restrict. */
export const subjectAccessKinds = ['access', 'erasure', 'rectification', 'restriction'] as const
export type SubjectAccessKind = typeof subjectAccessKinds[number]

/** Where a request stands: open on the clock, done (answer sent or carried out), or refused and closed with a reason. */
export const subjectAccessStates = ['open', 'done', 'refused'] as const
export type SubjectAccessState = typeof subjectAccessStates[number]

/** The clock a request runs on: one calendar month (UK GDPR Art. 12(3)), or 15 school days for the educational record. */
export const subjectAccessDeadlineRules = ['one_month', 'fifteen_school_days'] as const
export type SubjectAccessDeadlineRule = typeof subjectAccessDeadlineRules[number]

/** How an answer leaves the school: to the requesting adult's portal, or as a file the office downloads and hands over. */
export const subjectAccessChannels = ['portal', 'file'] as const
export type SubjectAccessChannel = typeof subjectAccessChannels[number]

/** The records of an answer the office decides on one by one: restricted records, and third parties' details. */
export const subjectAccessItemKinds = ['protection_flag', 'court_order', 'exit_reason', 'child_contact'] as const
export type SubjectAccessItemKind = typeof subjectAccessItemKinds[number]

/** The office's decision on one item: sent as it is, replaced by a marker, or left out under a named exemption. */
export const subjectAccessDecisions = ['include', 'redact', 'withhold'] as const
export type SubjectAccessDecision = typeof subjectAccessDecisions[number]
