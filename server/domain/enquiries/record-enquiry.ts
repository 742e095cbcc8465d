import { enquiries, type SchoolLists } from '../../../db/schema'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { schoolListProblem } from '../schools/school-list-problems'
import type { EnquiryInput } from '../../../shared/schemas/enquiries'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { insertPerson } from '../people/person-record'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'

/** Values of an enquiry (even one that failed its schema) that are not on the school's own lists. */
export function enquiryListProblems(lists: SchoolLists, body: unknown): FieldProblem[] {
  const input = (body ?? {}) as { channel?: unknown, enquirer?: { relationship?: unknown } }
  return [
    ...schoolListProblem(lists, 'channels', input.channel ?? 'website', 'channel'),
    ...schoolListProblem(lists, 'relationships', input.enquirer?.relationship, 'enquirer.relationship')
  ]
}

/**
 * Records an enquiry, opening person records for the child and the enquirer. The input is read with
 * enquiryInputSchema and checked with enquiryListProblems first (the request pipeline does both and
 * tells every problem at once), so it is not checked again here.
 */
export function recordEnquiry(ctx: DomainContext, input: EnquiryInput) {
  return writeChanges(ctx, (tx, changes) => insertEnquiry(tx, changes, ctx.school, input))
}

/**
 * An enquiry as the domain records it: the API's input, or one whose enquirer is an adult already on
 * file (a family booking a tour from the portal), named by id and never updated.
 */
export type EnquiryRecord = Omit<EnquiryInput, 'enquirer'> & {
  enquirer: EnquiryInput['enquirer'] | { personId: string, relationship?: string }
}

/** Records an enquiry inside a write (a tour booking makes one with the booking). */
export async function insertEnquiry(tx: Db, changes: ChangeLog, school: SchoolRef, input: EnquiryRecord) {
  const studentId = await insertPerson(tx, changes, school.id, input.student)
  const enquirerId = 'personId' in input.enquirer ? input.enquirer.personId : await insertPerson(tx, changes, school.id, input.enquirer)
  const enquiry = {
    id: newId('enq'),
    schoolId: school.id,
    studentId,
    enquirerId,
    relationship: input.enquirer.relationship ?? null,
    channel: input.channel ?? 'website',
    intendedEntryYear: input.intendedEntryYear ?? null,
    receivedAt: timestampNow()
  }
  await tx.insert(enquiries).values(enquiry)
  changes.record('enquiry.created', 'enquiries', enquiry.id)
  return { id: enquiry.id, receivedAt: enquiry.receivedAt }
}
