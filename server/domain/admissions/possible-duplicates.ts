import { and, asc, eq, inArray, isNull, ne, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import {
  affiliations, applicationAdults, applicationEvents, applications, billingResponsibilities, classMembers, concessions, courtOrders, enquiries,
  exitReasons, identityDecisions, loginNames, nameHistory, parentalResponsibilities, people, personSourceIds, protectionFlags, accounts,
  staffChecks, teachingAssignments
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DuplicateDecision } from '../../../shared/schemas/admissions-office'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { assertCapability } from '../access/access'
import { writeChanges } from '../shared/write-changes'
import { domainError, validationFailed } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { recordActivity } from '../activity/record-activity'
import { possibleAdults, possibleStudents } from './identify-people'

/** An application or an enquiry, by its table's name as events name it. */
export interface DuplicateSubject { type: 'applications' | 'enquiries', id: string }

type PersonRow = typeof people.$inferSelect

/** The people an application or enquiry opened or names, each at its path (`student`, `adults[0]`, `enquirer`), and whether it is a child. */
async function subjectPeople(db: Db, school: SchoolRef, subject: DuplicateSubject) {
  if (subject.type === 'applications') {
    const [application] = await db.select({ studentId: applications.studentId }).from(applications)
      .where(and(eq(applications.schoolId, school.id), eq(applications.id, subject.id)))
    if (!application) throw domainError('not_found', [`No application with the id ${subject.id}.`])
    const adults = await db.select({ personId: applicationAdults.personId }).from(applicationAdults)
      .where(eq(applicationAdults.applicationId, subject.id)).orderBy(asc(applicationAdults.position))
    return [
      { path: 'student', personId: application.studentId, child: true },
      ...adults.map((adult, i) => ({ path: `adults[${i}]`, personId: adult.personId, child: false }))
    ]
  }
  const [enquiry] = await db.select({ studentId: enquiries.studentId, enquirerId: enquiries.enquirerId }).from(enquiries)
    .where(and(eq(enquiries.schoolId, school.id), eq(enquiries.id, subject.id)))
  if (!enquiry) throw domainError('not_found', [`No enquiry with the id ${subject.id}.`])
  return [{ path: 'student', personId: enquiry.studentId, child: true }, { path: 'enquirer', personId: enquiry.enquirerId, child: false }]
}

/**
 * The people on file who may be this person, by the identification rule of applications
 * (identify-people.ts: a child by date of birth and folded family and first given name, an adult by
 * email, phone or folded names), less the person themself and those the office told apart from them.
 */
async function candidatesOf(db: Db, school: SchoolRef, person: PersonRow, child: boolean): Promise<string[]> {
  const matches = child
    ? person.dateOfBirth
      ? await possibleStudents(db, school, { familyName: person.familyName, givenNames: person.givenNames, dateOfBirth: person.dateOfBirth })
      : []
    : await possibleAdults(
        db, school,
        { familyName: person.familyName, givenNames: person.givenNames, email: person.email ?? undefined, phone: person.phone ?? undefined }
      )
  const others = matches.map(match => match.id).filter(id => id !== person.id)
  if (others.length === 0) return []
  const told = await db.select({ personId: identityDecisions.personId, otherPersonId: identityDecisions.otherPersonId }).from(identityDecisions)
    .where(and(
      eq(identityDecisions.schoolId, school.id), eq(identityDecisions.decision, 'distinct'),
      or(eq(identityDecisions.personId, person.id), eq(identityDecisions.otherPersonId, person.id))
    ))
  const apart = new Set(told.map(row => row.personId === person.id ? row.otherPersonId : row.personId))
  return others.filter(id => !apart.has(id))
}

/** A person as the office compares them. */
interface ComparedPerson {
  id: string
  familyName: string
  givenNames: string
  dateOfBirth: string | null
  email: string | null
  phone: string | null
  family: { id: string, familyName: string, givenNames: string, role: 'carer' | 'child', from: string, to: string | null }[]
  affiliations: { kind: string, from: string, to: string | null, yearLevel: string | null }[]
}

/** People as the office compares them: names, date of birth, how to reach them, their family both ways and their affiliations. */
async function comparedPeople(db: Db, school: SchoolRef, ids: string[]): Promise<Map<string, ComparedPerson>> {
  if (ids.length === 0) return new Map()
  const [rows, spans, responsibilities] = await Promise.all([
    db.select().from(people).where(and(eq(people.schoolId, school.id), inArray(people.id, ids))),
    db.select().from(affiliations).where(inArray(affiliations.personId, ids)).orderBy(asc(affiliations.validFrom)),
    db.select().from(parentalResponsibilities).where(or(inArray(parentalResponsibilities.adultId, ids), inArray(parentalResponsibilities.childId, ids)))
  ])
  const relativeIds = [...new Set(responsibilities.flatMap(row => [row.adultId, row.childId]))]
  const relatives = new Map((relativeIds.length
    ? await db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames })
        .from(people).where(inArray(people.id, relativeIds))
    : [])
    .map(row => [row.id, row]))
  const family = (id: string) => responsibilities.flatMap((row) => {
    const other = row.childId === id ? relatives.get(row.adultId) : row.adultId === id ? relatives.get(row.childId) : undefined
    return other ? [{ ...other, role: row.childId === id ? 'carer' as const : 'child' as const, from: row.validFrom, to: row.validTo }] : []
  })
  return new Map(rows.map((row): [string, ComparedPerson] => [row.id, {
    id: row.id, familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth, email: row.email, phone: row.phone,
    family: family(row.id),
    affiliations: spans.filter(span => span.personId === row.id)
      .map(span => ({ kind: span.kind, from: span.validFrom, to: span.validTo, yearLevel: span.yearLevel }))
  }]))
}

/**
 * The possible duplicates of an application or enquiry: each of its people who may already be on
 * file, beside the candidates, for the office to link to one or keep as a new person.
 */
export async function possibleDuplicates(ctx: DomainContext, subject: DuplicateSubject) {
  assertCapability(ctx, 'admissions.manage')
  const { db } = ctx.database
  const sent = await subjectPeople(db, ctx.school, subject)
  const rows = await db.select().from(people).where(and(inArray(people.id, sent.map(person => person.personId)), isNull(people.deletedAt)))
  const found: { path: string, personId: string, candidateIds: string[] }[] = []
  for (const person of sent) {
    const row = rows.find(candidate => candidate.id === person.personId)
    const candidateIds = row ? await candidatesOf(db, ctx.school, row, person.child) : []
    if (candidateIds.length) found.push({ path: person.path, personId: person.personId, candidateIds })
  }
  const compared = await comparedPeople(db, ctx.school, [...new Set(found.flatMap(entry => [entry.personId, ...entry.candidateIds]))])
  return {
    people: found.map(entry => ({ path: entry.path, person: compared.get(entry.personId)!, candidates: entry.candidateIds.map(id => compared.get(id)!) }))
  }
}

/** The places a person can be named other than the application or enquiry: any of them means the person has a record of their own. */
function elsewhere(personId: string, subject: DuplicateSubject): [table: SQLiteTable, where: SQL | undefined][] {
  const is = (column: Column) => eq(column, personId)
  const other = subject.type === 'applications' ? subject.id : ''
  const otherEnquiry = subject.type === 'enquiries' ? subject.id : ''
  return [
    [affiliations, is(affiliations.personId)], [nameHistory, is(nameHistory.personId)],
    [parentalResponsibilities, or(is(parentalResponsibilities.adultId), is(parentalResponsibilities.childId))],
    [billingResponsibilities, or(is(billingResponsibilities.studentId), is(billingResponsibilities.payerId))], [concessions, is(concessions.studentId)],
    [protectionFlags, is(protectionFlags.personId)], [courtOrders, or(is(courtOrders.childId), is(courtOrders.restrainedPersonId))],
    [exitReasons, is(exitReasons.personId)],
    [personSourceIds, is(personSourceIds.personId)], [staffChecks, is(staffChecks.personId)], [accounts, is(accounts.personId)],
    [classMembers, is(classMembers.personId)], [teachingAssignments, is(teachingAssignments.personId)], [loginNames, is(loginNames.personId)],
    [applicationEvents, is(applicationEvents.personId)],
    [applications, and(is(applications.studentId), ne(applications.id, other))],
    [applicationAdults, and(is(applicationAdults.personId), ne(applicationAdults.applicationId, other))],
    [enquiries, and(or(is(enquiries.studentId), is(enquiries.enquirerId)), ne(enquiries.id, otherEnquiry))]
  ]
}

async function hasRecordsOfTheirOwn(tx: Db, personId: string, subject: DuplicateSubject) {
  for (const [table, where] of elsewhere(personId, subject)) {
    if ((await tx.select({ one: sql<number>`1` }).from(table).where(where).limit(1)).length) return true
  }
  return false
}

/** Points the application or enquiry at the person on file instead of the one it opened, at `path`. */
async function repoint(tx: Db, subject: DuplicateSubject, path: string, from: string, to: string) {
  const now = timestampNow()
  if (subject.type === 'applications') {
    if (path === 'student') await tx.update(applications).set({ studentId: to, updatedAt: now }).where(eq(applications.id, subject.id))
    else await tx.update(applicationAdults).set({ personId: to })
      .where(and(eq(applicationAdults.applicationId, subject.id), eq(applicationAdults.personId, from)))
  } else {
    await tx.update(enquiries).set(path === 'student' ? { studentId: to } : { enquirerId: to }).where(eq(enquiries.id, subject.id))
  }
}

/**
 * The office's answer to a possible duplicate. `link`: the application or enquiry names the person on
 * file instead, and the person it opened, who holds nothing else, is deleted; a person who already has
 * records of their own (a start on the roll, a family, another application) is `conflict`, since
 * merging two records is more than this step. `new`: the person is someone else, and none of the
 * candidates shown is offered again. Either way the decision is kept (merge history, restricted) and
 * listed in Activity by ids.
 */
export async function decideDuplicate(ctx: DomainContext, subject: DuplicateSubject, decision: DuplicateDecision) {
  assertCapability(ctx, 'admissions.manage')
  const decide = async (tx: Db) => {
    const sent = (await subjectPeople(tx, ctx.school, subject)).find(person => person.path === decision.path)
    if (!sent) throw validationFailed([{ path: 'path', message: 'The record has no person at this path.' }])
    const [row] = await tx.select().from(people).where(and(eq(people.id, sent.personId), isNull(people.deletedAt)))
    const candidateIds = row ? await candidatesOf(tx, ctx.school, row, sent.child) : []
    if (candidateIds.length === 0) throw domainError('conflict', ['This person has no possible duplicate left to decide.'])
    const decided = {
      schoolId: ctx.school.id, personId: sent.personId, subjectType: subject.type, subjectId: subject.id, decidedAt: timestampNow(),
      decidedBy: recordedActor(ctx.actor)
    }
    if (decision.decision === 'link') {
      if (!candidateIds.includes(decision.personId)) throw validationFailed([{ path: 'personId', message: 'Not one of the possible matches of this person.' }])
      await tx.insert(identityDecisions).values({ id: newId('idd'), ...decided, otherPersonId: decision.personId, decision: 'linked' })
    } else {
      await tx.insert(identityDecisions)
        .values(candidateIds.map(otherPersonId => ({ id: newId('idd'), ...decided, otherPersonId, decision: 'distinct' as const })))
    }
    await recordActivity(tx, ctx, {
      kind: 'identity.decided', subjectType: 'person', subjectId: sent.personId,
      summary: decision.decision === 'link'
        ? `Person ${sent.personId} of ${subject.type === 'applications' ? 'application' : 'enquiry'} ${subject.id} linked to person ${decision.personId} on file`
        : `Person ${sent.personId} of ${subject.type === 'applications' ? 'application' : 'enquiry'} ${subject.id} kept as a new person, apart from ${candidateIds.join(', ')}`
    })
    return { sent, candidateIds }
  }
  if (decision.decision === 'new') {
    await ctx.database.transaction(tx => decide(tx))
    return { path: decision.path, personId: null }
  }
  return writeChanges(ctx, async (tx, changes) => {
    const { sent } = await decide(tx)
    if (await hasRecordsOfTheirOwn(tx, sent.personId, subject)) {
      throw domainError(
        'conflict',
        ['The person this record opened already has records of their own (a start on the roll, a family, another application or enquiry); link before any of those, or keep them as a new person.']
      )
    }
    await repoint(tx, subject, decision.path, sent.personId, decision.personId)
    const now = timestampNow()
    await tx.update(people).set({ deletedAt: now, updatedAt: now }).where(eq(people.id, sent.personId))
    changes.record(subject.type === 'applications' ? 'application.updated' : 'enquiry.updated', subject.type, subject.id)
    changes.record('person.deleted', 'people', sent.personId)
    return { path: decision.path, personId: decision.personId }
  })
}
