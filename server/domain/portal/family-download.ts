import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import {
  affiliations, applicationAdults, applications, billingResponsibilities, campuses, concessions, parentalResponsibilities, people
} from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { csvBuffer } from '../shared/csv-stream'
import { childIdsShown, childrenWithStanding } from '../access/children-shown'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type Cell = string | number | null
type Row = Record<string, Cell>

/**
 * Everything the school holds on the adult and on the children they have `details` standing on today,
 * as the tables hold it: the people's own rows (a child's email and phone only with `contact`
 * standing too), their affiliations, the parental responsibilities naming the adult, who pays for the
 * children they have `billing` standing on and their concessions, and the applications the adult is
 * an adult of (as Applications and tours shows them). Never a restricted record (court orders, flags,
 * exit reasons, merge history) and never another adult's contact details: other adults appear as ids.
 */
export async function familyRecords(ctx: ReadContext, adultId: string, day: string) {
  const db = ctx.database.db
  const ofSchool = ctx.school.id
  const [seen, reachable, paidFor] = await Promise.all(
    (['details', 'contact', 'billing'] as const).map(async purpose => new Set((await childrenWithStanding(ctx, adultId, purpose, day)).map(child => child.id)))
  ) as [Set<string>, Set<string>, Set<string>]
  const childIds = [...seen]
  const billed = childIds.filter(id => paidFor.has(id))
  const personIds = [adultId, ...childIds]
  const [persons, spans, responsibilities, shares, held, applied] = await Promise.all([
    db.select({
      id: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth, email: people.email,
      phone: people.phone, preferredLanguage: people.preferredLanguage, createdAt: people.createdAt, updatedAt: people.updatedAt
    })
      .from(people).where(and(eq(people.schoolId, ofSchool), inArray(people.id, personIds), isNull(people.deletedAt))),
    db.select({
      id: affiliations.id, personId: affiliations.personId, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo,
      yearLevel: affiliations.yearLevel, campus: campuses.name, role: affiliations.role
    })
      .from(affiliations).leftJoin(campuses, eq(campuses.id, affiliations.campusId))
      .where(and(eq(affiliations.schoolId, ofSchool), inArray(affiliations.personId, personIds))).orderBy(asc(affiliations.validFrom), asc(affiliations.id)),
    childIds.length
      ? db.select({
          id: parentalResponsibilities.id, adultId: parentalResponsibilities.adultId, childId: parentalResponsibilities.childId,
          relationship: parentalResponsibilities.relationship, validFrom: parentalResponsibilities.validFrom, validTo: parentalResponsibilities.validTo
        })
          .from(parentalResponsibilities).where(and(
            eq(parentalResponsibilities.schoolId, ofSchool), eq(parentalResponsibilities.adultId, adultId),
            inArray(parentalResponsibilities.childId, childIds)
          ))
          .orderBy(asc(parentalResponsibilities.validFrom), asc(parentalResponsibilities.id))
      : [],
    billed.length
      ? db.select({
          id: billingResponsibilities.id, studentId: billingResponsibilities.studentId, payerId: billingResponsibilities.payerId,
          category: billingResponsibilities.category, share: billingResponsibilities.share, validFrom: billingResponsibilities.validFrom,
          validTo: billingResponsibilities.validTo
        })
          .from(billingResponsibilities).where(and(eq(billingResponsibilities.schoolId, ofSchool), inArray(billingResponsibilities.studentId, billed)))
          .orderBy(asc(billingResponsibilities.validFrom), asc(billingResponsibilities.id))
      : [],
    billed.length
      ? db.select({
          id: concessions.id, studentId: concessions.studentId, kind: concessions.kind, validFrom: concessions.validFrom, validTo: concessions.validTo
        })
          .from(concessions).where(and(eq(concessions.schoolId, ofSchool), inArray(concessions.studentId, billed)))
          .orderBy(asc(concessions.validFrom), asc(concessions.id))
      : [],
    db.selectDistinct({
      id: applications.id, studentId: applications.studentId, state: applications.state, yearLevel: applications.yearLevel,
      entryYear: applications.entryYear, campus: campuses.name, receivedAt: applications.receivedAt, offeredAt: applications.offeredAt,
      answeredAt: applications.answeredAt, startsOn: applications.startsOn
    })
      .from(applicationAdults).innerJoin(applications, eq(applications.id, applicationAdults.applicationId))
      .leftJoin(campuses, eq(campuses.id, applications.campusId))
      .where(and(eq(applicationAdults.personId, adultId), eq(applications.schoolId, ofSchool))).orderBy(asc(applications.receivedAt), asc(applications.id))
  ])
  const inView = await childIdsShown(ctx, adultId, 'applications', day, applied.map(row => row.studentId))
  const person = (id: string) => {
    const row = persons.find(candidate => candidate.id === id)
    if (!row || id === adultId || reachable.has(id)) return row
    return { ...row, email: null, phone: null }
  }
  return {
    people: personIds.map(person).filter(row => row !== undefined),
    affiliations: spans,
    parentalResponsibilities: responsibilities,
    billingResponsibilities: shares,
    concessions: held,
    applications: applied.filter(row => inView.has(row.studentId))
  }
}

export type FamilyRecords = Awaited<ReturnType<typeof familyRecords>>

/** The records as one JSON document: the adult with what is theirs, then each child with what is theirs. */
export function familyDocument(records: FamilyRecords, adultId: string) {
  const ofPerson = <T extends { personId: string }>(rows: T[], id: string) => rows.filter(row => row.personId === id)
  const ofStudent = <T extends { studentId: string }>(rows: T[], id: string) => rows.filter(row => row.studentId === id)
  const adult = records.people.find(row => row.id === adultId) ?? null
  return {
    adult: adult && {
      ...adult,
      affiliations: ofPerson(records.affiliations, adultId),
      parentalResponsibilities: records.parentalResponsibilities,
      applications: records.applications
    },
    children: records.people.filter(row => row.id !== adultId).map(child => ({
      ...child,
      affiliations: ofPerson(records.affiliations, child.id),
      billingResponsibilities: ofStudent(records.billingResponsibilities, child.id),
      concessions: ofStudent(records.concessions, child.id)
    }))
  }
}

/** The CSV's table names, in the file's order, for each kind of record. */
const csvTables: [keyof FamilyRecords, string][] = [
  ['people', 'people'], ['affiliations', 'affiliations'], ['parentalResponsibilities', 'parental_responsibilities'],
  ['billingResponsibilities', 'billing_responsibilities'], ['concessions', 'concessions'], ['applications', 'applications']
]

/**
 * The records as one CSV file: a `table` column naming each row's table, then every table's fields
 * (a field a table lacks is empty). Cells a spreadsheet would run as a formula are written inert, as
 * the warehouse files write them: a family opens this in a spreadsheet.
 */
export async function familyCsv(records: FamilyRecords): Promise<Buffer> {
  const rows: Row[] = csvTables.flatMap(([key, table]) => (records[key] as Row[]).map(row => ({ table, ...row })))
  const header = [...new Set(rows.flatMap(row => Object.keys(row)))]
  if (!header.length) header.push('table')
  return csvBuffer(header, rows)
}
