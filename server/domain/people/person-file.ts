import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'
import { affiliations, applicationAdults, applications, campuses, enquiries, parentalResponsibilities, people, personSourceIds } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { holdsCapability } from '../access/access'
import { getBillingRecord } from '../billing/billing-record'
import { findPerson } from './get-person'
import { listNameHistory } from './correct-name'
import { schoolLanguages } from '../schools/school-languages'

/** Names of these people of the school, by id, for a record that mentions others (carers, payers, enquirers). */
async function namesOf({ database, school }: DomainContext, ids: readonly string[]) {
  const distinct = [...new Set(ids)]
  if (distinct.length === 0) return new Map<string, { familyName: string, givenNames: string }>()
  const rows = await database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, school.id), inArray(people.id, distinct)))
  return new Map(rows.map(row => [row.id, { familyName: row.familyName, givenNames: row.givenNames }]))
}

/** A person's spans, earliest first, each with its placement and the application or enrolment that started it. */
async function affiliationTimeline({ database, school }: DomainContext, personId: string) {
  const rows = await database.db.select({
    id: affiliations.id, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo,
    yearLevel: affiliations.yearLevel, campusId: affiliations.campusId, campusName: campuses.name, role: affiliations.role
  }).from(affiliations)
    .leftJoin(campuses, eq(campuses.id, affiliations.campusId))
    .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.personId, personId)))
    .orderBy(asc(affiliations.validFrom), asc(affiliations.id))
  const ids = rows.map(row => row.id)
  const starts = ids.length
    ? await database.db.select({ affiliationId: applications.affiliationId, applicationId: applications.id, origin: applications.origin })
        .from(applications).where(and(eq(applications.schoolId, school.id), inArray(applications.affiliationId, ids)))
    : []
  return rows.map((row) => {
    const start = starts.find(found => found.affiliationId === row.id)
    return { ...row, startedBy: start ? { applicationId: start.applicationId, origin: start.origin } : null }
  })
}

/** Parental responsibility both ways: the person's carers (as a child) and the children they care for (as an adult), open and closed. */
async function family(ctx: DomainContext, personId: string) {
  const rows = await ctx.database.db.select({
    id: parentalResponsibilities.id, adultId: parentalResponsibilities.adultId, childId: parentalResponsibilities.childId,
    relationship: parentalResponsibilities.relationship, validFrom: parentalResponsibilities.validFrom, validTo: parentalResponsibilities.validTo
  }).from(parentalResponsibilities)
    .where(and(
      eq(parentalResponsibilities.schoolId, ctx.school.id),
      or(eq(parentalResponsibilities.childId, personId), eq(parentalResponsibilities.adultId, personId))
    ))
    .orderBy(asc(parentalResponsibilities.validFrom), asc(parentalResponsibilities.id))
  const names = await namesOf(ctx, rows.map(row => row.adultId === personId ? row.childId : row.adultId))
  const withOther = (row: typeof rows[number], otherId: string) => ({
    id: row.id, personId: otherId, familyName: names.get(otherId)?.familyName ?? '', givenNames: names.get(otherId)?.givenNames ?? '',
    relationship: row.relationship, validFrom: row.validFrom, validTo: row.validTo
  })
  return {
    carers: rows.filter(row => row.childId === personId).map(row => withOther(row, row.adultId)),
    children: rows.filter(row => row.adultId === personId).map(row => withOther(row, row.childId))
  }
}

/** The applications the person is the child or an adult of, and the enquiries about them or from them, newest first. */
async function admissions(ctx: DomainContext, personId: string) {
  const { database, school } = ctx
  const asAdult = database.db.select({ id: applicationAdults.applicationId }).from(applicationAdults).where(eq(applicationAdults.personId, personId))
  const [applied, enquired] = await Promise.all([
    database.db.select({
      id: applications.id, studentId: applications.studentId, origin: applications.origin, state: applications.state, yearLevel: applications.yearLevel,
      entryYear: applications.entryYear, startsOn: applications.startsOn, receivedAt: applications.receivedAt
    }).from(applications)
      .where(and(eq(applications.schoolId, school.id), or(eq(applications.studentId, personId), inArray(applications.id, asAdult))))
      .orderBy(desc(applications.receivedAt), desc(applications.id)),
    database.db.select({
      id: enquiries.id, studentId: enquiries.studentId, enquirerId: enquiries.enquirerId, channel: enquiries.channel,
      intendedEntryYear: enquiries.intendedEntryYear, receivedAt: enquiries.receivedAt
    }).from(enquiries)
      .where(and(eq(enquiries.schoolId, school.id), or(eq(enquiries.studentId, personId), eq(enquiries.enquirerId, personId))))
      .orderBy(desc(enquiries.receivedAt), desc(enquiries.id))
  ])
  const names = await namesOf(ctx, [...applied.map(row => row.studentId), ...enquired.flatMap(row => [row.studentId, row.enquirerId])])
  const named = (id: string) => ({ id, familyName: names.get(id)?.familyName ?? '', givenNames: names.get(id)?.givenNames ?? '' })
  return {
    applications: applied.map(({ studentId, ...row }) => ({ ...row, student: named(studentId) })),
    enquiries: enquired.map(({ studentId, enquirerId, ...row }) => ({ ...row, student: named(studentId), enquirer: named(enquirerId) }))
  }
}

/** Who pays the student's charges and their concessions, each payer named. */
async function billing(ctx: DomainContext, personId: string) {
  const record = await getBillingRecord(ctx, personId)
  if (!record) return null
  const names = await namesOf(ctx, record.responsibilities.map(row => row.payerId))
  return {
    responsibilities: record.responsibilities.map(row =>
      ({ ...row, payerFamilyName: names.get(row.payerId)?.familyName ?? '', payerGivenNames: names.get(row.payerId)?.givenNames ?? '' })),
    concessions: record.concessions
  }
}

/**
 * A person's record as the office reads it: names and their history, date of birth, and, as far as
 * the caller's capabilities reach, the spans (`affiliation.read`), family (`person.read`), billing
 * (`billing.read`), applications and enquiries (`admissions.manage`) and ids in other systems. A
 * part the caller may not read is null. Null when the school has no such person (another school's
 * included). Nothing restricted is here: that is readRestrictedRecord, behind `restricted.read`.
 */
export async function readPersonFile(ctx: DomainContext, personId: string) {
  const person = await findPerson(ctx, personId)
  if (!person) return null
  const { database, school } = ctx
  const [names, timeline, kin, money, admitted, sourceIds, schoolCampuses] = await Promise.all([
    listNameHistory(ctx, personId),
    holdsCapability(ctx, 'affiliation.read') ? affiliationTimeline(ctx, personId) : null,
    family(ctx, personId),
    holdsCapability(ctx, 'billing.read') ? billing(ctx, personId) : null,
    holdsCapability(ctx, 'admissions.manage') ? admissions(ctx, personId) : null,
    database.db.select({ system: personSourceIds.system, sourceId: personSourceIds.sourceId }).from(personSourceIds)
      .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.personId, personId))).orderBy(asc(personSourceIds.system)),
    database.db.select({ id: campuses.id, name: campuses.name }).from(campuses).where(eq(campuses.schoolId, school.id)).orderBy(asc(campuses.name))
  ])
  return {
    person,
    nameHistory: names,
    affiliations: timeline,
    family: kin,
    billing: money,
    admissions: admitted,
    sourceIds,
    /** What the screen offers: the parts the school's SIS keeps, its lists, and what this caller may change or read. */
    school: {
      heldElsewhere: school.lists.heldElsewhere ?? [],
      languages: schoolLanguages(school),
      yearLevels: school.lists.yearLevels,
      relationships: school.lists.relationships,
      withdrawalReasons: school.lists.withdrawalReasons,
      campuses: schoolCampuses
    },
    caller: { canManage: holdsCapability(ctx, 'people.manage'), canReadRestricted: holdsCapability(ctx, 'restricted.read') }
  }
}
