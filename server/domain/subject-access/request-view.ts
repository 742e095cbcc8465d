import { and, asc, eq, inArray } from 'drizzle-orm'
import { academicSessions, people, subjectAccessRequests } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { domainError } from '../shared/domain-error'
import { actorLabels } from '../shared/actor-labels'
import { daysLeft, type TermDays } from './deadline'

export type RequestRow = typeof subjectAccessRequests.$inferSelect

/** The school's request with this id; `not_found` when there is none or it is another school's, exactly alike. */
export async function loadSubjectAccessRequest(db: Db, schoolId: string, requestId: string): Promise<RequestRow> {
  const [row] = await db.select().from(subjectAccessRequests)
    .where(and(eq(subjectAccessRequests.schoolId, schoolId), eq(subjectAccessRequests.id, requestId)))
  if (!row) throw domainError('not_found', ['No subject access request has this id.'])
  return row
}

/** The school's terms, in order: the school days the educational record's 15-day clock counts (deadline.ts). */
export async function schoolTerms(db: Db, schoolId: string): Promise<TermDays[]> {
  return db.select({ startsOn: academicSessions.startsOn, endsOn: academicSessions.endsOn }).from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.kind, 'term'))).orderBy(asc(academicSessions.startsOn))
}

/** Requests as the screens show them: the subject's and requester's names, who took each step, the clock on `today`. */
export async function subjectAccessViews(db: Db, schoolId: string, rows: readonly RequestRow[], today: string) {
  const personIds = [...new Set(rows.flatMap(row => [row.subjectId, row.requesterId ?? row.subjectId]))]
  const names = new Map((personIds.length
    ? await db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
        .where(and(eq(people.schoolId, schoolId), inArray(people.id, personIds)))
    : []).map(person => [person.id, `${person.givenNames} ${person.familyName}`]))
  const labels = await actorLabels(db, schoolId, rows.flatMap(row => [row.loggedBy, row.extendedBy, row.closedBy]))
  const label = (actor: string | null) => actor && (labels.get(actor) ?? actor)
  const person = (id: string | null) => id ? { id, name: names.get(id) ?? id } : null
  return rows.map(row => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    subject: person(row.subjectId)!,
    requester: person(row.requesterId),
    requesterDescription: row.requesterDescription,
    receivedOn: row.receivedOn,
    verifiedHow: row.verifiedHow,
    deadlineRule: row.deadlineRule,
    clock: { deadline: row.deadline, daysLeft: daysLeft(row.deadline, today), extensionMonths: row.extensionMonths, extensionReason: row.extensionReason },
    channel: row.channel,
    outcome: row.outcome,
    assembledAt: row.assembledAt,
    loggedBy: label(row.loggedBy)!,
    loggedAt: row.loggedAt,
    extendedBy: label(row.extendedBy),
    extendedAt: row.extendedAt,
    closedBy: label(row.closedBy),
    closedAt: row.closedAt
  }))
}

export type SubjectAccessView = Awaited<ReturnType<typeof subjectAccessViews>>[number]
