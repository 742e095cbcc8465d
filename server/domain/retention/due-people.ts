import { and, eq, isNotNull, isNull, max, sql } from 'drizzle-orm'
import {
  affiliations, applicationAdults, applicationEvents, applications, bookings, courtOrders, enquiries, familyAccess, parentalResponsibilities,
  people, protectionFlags, tours
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { RetentionDueSubjectKind, RetentionRecordClass } from '../../../shared/vocabulary'
import { addMonthsToDay } from './retention-months'

/** One record past its period, as the due list keeps it: ids only. */
export interface DueSubject {
  recordClass: RetentionRecordClass
  subjectKind: RetentionDueSubjectKind
  subjectId: string
  /** The day its period ended. */
  passedOn: string
}

type Months = (recordClass: RetentionRecordClass) => number

const later = (a: string | null | undefined, b: string | null | undefined) => (!a ? b ?? null : !b || a >= b ? a : b)
const dayOf = (instant: string | null | undefined) => instant?.slice(0, 10) ?? null

/**
 * People who left, past their class's period (docs/retention.md): a former student once their date of birth + the period
 * has passed, a former member of staff once the day they left + the period has. Never anyone with a span still open
 * today (any kind), nor a student without a date of birth, whose period cannot be counted. Someone who was both is due
 * only once both periods have passed, under `former_students`, so a staff period never cuts a pupil's file short.
 */
async function formerMembers(db: Db, schoolId: string, months: Months, today: string): Promise<DueSubject[]> {
  const rows = await db.select({
    personId: affiliations.personId,
    dateOfBirth: people.dateOfBirth,
    open: sql<number>`sum(case when ${affiliations.validTo} is null or ${affiliations.validTo} >= ${today} then 1 else 0 end)`,
    wasStudent: sql<number>`max(case when ${affiliations.kind} = 'student' then 1 else 0 end)`,
    wasStaff: sql<number>`max(case when ${affiliations.kind} = 'staff_member' then 1 else 0 end)`,
    leftOn: max(affiliations.validTo)
  }).from(affiliations)
    .innerJoin(people, eq(people.id, affiliations.personId))
    .where(and(eq(affiliations.schoolId, schoolId), isNull(people.deletedAt)))
    .groupBy(affiliations.personId, people.dateOfBirth)
  const due: DueSubject[] = []
  for (const row of rows) {
    if (Number(row.open) > 0 || !row.leftOn) continue
    const staffEnds = Number(row.wasStaff) ? addMonthsToDay(row.leftOn, months('former_staff')) : null
    if (Number(row.wasStudent)) {
      if (!row.dateOfBirth) continue
      const passedOn = later(addMonthsToDay(row.dateOfBirth, months('former_students')), staffEnds)!
      if (passedOn <= today) due.push({ recordClass: 'former_students', subjectKind: 'person', subjectId: row.personId, passedOn })
    } else if (staffEnds && staffEnds <= today) {
      due.push({ recordClass: 'former_staff', subjectKind: 'person', subjectId: row.personId, passedOn: staffEnds })
    }
  }
  return due
}

/**
 * Children of enquiries and tours that led to no application, and of applications that never started (declined or
 * withdrawn), past the period from the day their case closed: the latest enquiry, tour, answer or withdrawal. A child
 * with any span, or with an application still open or started, is not due. The adults who enquired or applied go with
 * them when tied to nothing else: no span, no live portal access, and every child they enquired, applied or are
 * responsible for is due too.
 */
async function unfinishedAdmissions(db: Db, schoolId: string, months: Months, today: string): Promise<DueSubject[]> {
  const [enquiryRows, applicationRows, adultRows, responsibilityRows, spanRows, accessRows, goneRows] = await Promise.all([
    db.select({ childId: enquiries.studentId, adultId: enquiries.enquirerId, receivedAt: enquiries.receivedAt, tourAt: tours.startsAt })
      .from(enquiries).leftJoin(bookings, eq(bookings.enquiryId, enquiries.id)).leftJoin(tours, eq(tours.id, bookings.tourId))
      .where(eq(enquiries.schoolId, schoolId)),
    db.select({
      id: applications.id, childId: applications.studentId, state: applications.state, affiliationId: applications.affiliationId,
      answeredAt: applications.answeredAt, updatedAt: applications.updatedAt, withdrawnOn: applicationEvents.occurredOn
    }).from(applications)
      .leftJoin(applicationEvents, and(eq(applicationEvents.applicationId, applications.id), eq(applicationEvents.kind, 'withdrawn')))
      .where(eq(applications.schoolId, schoolId)),
    db.select({ adultId: applicationAdults.personId, childId: applications.studentId }).from(applicationAdults)
      .innerJoin(applications, eq(applications.id, applicationAdults.applicationId)).where(eq(applications.schoolId, schoolId)),
    db.select({ adultId: parentalResponsibilities.adultId, childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
      .where(eq(parentalResponsibilities.schoolId, schoolId)),
    db.selectDistinct({ personId: affiliations.personId }).from(affiliations).where(eq(affiliations.schoolId, schoolId)),
    db.select({ personId: familyAccess.personId }).from(familyAccess).where(and(eq(familyAccess.schoolId, schoolId), isNull(familyAccess.endedAt))),
    db.select({ personId: people.id }).from(people).where(and(eq(people.schoolId, schoolId), isNotNull(people.deletedAt)))
  ])
  const onRecord = new Set([...spanRows, ...goneRows].map(row => row.personId))
  // Each child's case: when it closed, whether anything of it is still open, and whether it reached an application.
  const cases = new Map<string, { closedOn: string | null, open: boolean, applied: boolean }>()
  const caseOf = (childId: string) => cases.get(childId) ?? cases.set(childId, { closedOn: null, open: false, applied: false }).get(childId)!
  for (const row of enquiryRows) {
    const child = caseOf(row.childId)
    child.closedOn = later(child.closedOn, later(dayOf(row.receivedAt), dayOf(row.tourAt)))
  }
  for (const row of applicationRows) {
    const child = caseOf(row.childId)
    child.applied = true
    if (row.affiliationId || (row.state !== 'declined' && row.state !== 'withdrawn')) child.open = true
    const closed = row.state === 'withdrawn' ? row.withdrawnOn ?? dayOf(row.updatedAt) : dayOf(row.answeredAt) ?? dayOf(row.updatedAt)
    child.closedOn = later(child.closedOn, closed)
  }
  const dueChildren = new Map<string, DueSubject>()
  for (const [childId, child] of cases) {
    if (child.open || !child.closedOn || onRecord.has(childId)) continue
    const recordClass = child.applied ? 'unstarted_applications' : 'enquiries'
    const passedOn = addMonthsToDay(child.closedOn, months(recordClass))
    if (passedOn <= today) dueChildren.set(childId, { recordClass, subjectKind: 'person', subjectId: childId, passedOn })
  }
  const accessed = new Set(accessRows.map(row => row.personId))
  const adults = new Map<string, { children: string[], applied: boolean }>()
  const tie = (adultId: string, childId: string, applied: boolean) => {
    const adult = adults.get(adultId) ?? adults.set(adultId, { children: [], applied: false }).get(adultId)!
    adult.children.push(childId)
    adult.applied ||= applied
  }
  for (const row of enquiryRows) tie(row.adultId, row.childId, false)
  for (const row of adultRows) tie(row.adultId, row.childId, true)
  const responsibleFor = new Map<string, string[]>()
  const aChild = new Set<string>()
  for (const row of responsibilityRows) {
    responsibleFor.set(row.adultId, [...responsibleFor.get(row.adultId) ?? [], row.childId])
    aChild.add(row.childId)
  }
  const due = [...dueChildren.values()]
  for (const [adultId, adult] of adults) {
    if (onRecord.has(adultId) || accessed.has(adultId) || aChild.has(adultId) || cases.has(adultId)) continue
    const children = [...adult.children, ...responsibleFor.get(adultId) ?? []]
    if (!children.every(childId => dueChildren.has(childId))) continue
    const passedOn = children.map(childId => dueChildren.get(childId)!.passedOn).sort().at(-1)!
    due.push({ recordClass: adult.applied ? 'unstarted_applications' : 'enquiries', subjectKind: 'person', subjectId: adultId, passedOn })
  }
  return due
}

/**
 * Every person of the school past their class's period, read without a transaction (on SQLite, the reading connection).
 * Anyone a restricted record names (a protection flag, a court order's child or restrained person) is left out: that
 * record's end is the office's review, and erasing the person would end it unseen.
 */
export async function duePeople(db: Db, schoolId: string, months: Months, today: string): Promise<DueSubject[]> {
  const [members, admissions, flagged, ordered] = await Promise.all([
    formerMembers(db, schoolId, months, today), unfinishedAdmissions(db, schoolId, months, today),
    db.select({ personId: protectionFlags.personId }).from(protectionFlags).where(eq(protectionFlags.schoolId, schoolId)),
    db.select({ childId: courtOrders.childId, restrainedId: courtOrders.restrainedPersonId }).from(courtOrders).where(eq(courtOrders.schoolId, schoolId))
  ])
  const restricted = new Set([...flagged.map(row => row.personId), ...ordered.flatMap(row => [row.childId, row.restrainedId ?? ''])])
  const seen = new Set(members.map(each => each.subjectId))
  return [...members, ...admissions.filter(each => !seen.has(each.subjectId))].filter(each => !restricted.has(each.subjectId))
}

/**
 * Restricted records (protection flags, court orders) of children whose date of birth + the period has passed: for the
 * office to review, never erased by the sweep (docs/retention.md).
 */
export async function dueRestrictedRecords(db: Db, schoolId: string, months: Months, today: string): Promise<DueSubject[]> {
  const [flags, orders] = await Promise.all([
    db.select({ id: protectionFlags.id, dateOfBirth: people.dateOfBirth }).from(protectionFlags)
      .innerJoin(people, eq(people.id, protectionFlags.personId)).where(and(eq(protectionFlags.schoolId, schoolId), isNotNull(people.dateOfBirth))),
    db.select({ id: courtOrders.id, dateOfBirth: people.dateOfBirth }).from(courtOrders)
      .innerJoin(people, eq(people.id, courtOrders.childId)).where(and(eq(courtOrders.schoolId, schoolId), isNotNull(people.dateOfBirth)))
  ])
  const period = months('restricted_records')
  const due = (subjectKind: RetentionDueSubjectKind) => (row: { id: string, dateOfBirth: string | null }): DueSubject[] => {
    const passedOn = addMonthsToDay(row.dateOfBirth!, period)
    return passedOn <= today ? [{ recordClass: 'restricted_records', subjectKind, subjectId: row.id, passedOn }] : []
  }
  return [...flags.flatMap(due('protection_flag')), ...orders.flatMap(due('court_order'))]
}
