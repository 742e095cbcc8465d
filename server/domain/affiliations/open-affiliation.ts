import { and, eq, ne } from 'drizzle-orm'
import { affiliations, affiliationKinds, campuses, type AffiliationKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { spansOverlap, type Span } from '../days/calendar'
import { checkSpanInput } from '../days/span-input'
import { requirePerson } from '../people/require-person'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'

export interface NewAffiliation {
  personId: string
  kind: AffiliationKind
  validFrom: string
  validTo?: string | null
  /** Student spans: one of the school's year levels. */
  yearLevel?: string | null
  /** Student spans at a school with campuses: the campus's id. */
  campusId?: string | null
  /** Staff spans: the role the HRIS gives. */
  role?: string | null
}

/** A new affiliation's row, with a fresh id, as every writer of spans stores it (the demo's bulk inserts too); it checks nothing. */
export function affiliationRow(schoolId: string, input: NewAffiliation, now: string) {
  return {
    id: newId('aff'),
    schoolId,
    personId: input.personId,
    kind: input.kind,
    validFrom: input.validFrom,
    validTo: input.validTo ?? null,
    yearLevel: input.yearLevel ?? null,
    campusId: input.campusId ?? null,
    role: input.role ?? null,
    createdAt: now
  } satisfies typeof affiliations.$inferInsert
}

/** Refuses a student placement the school does not have; other kinds carry none. */
export async function checkPlacement(tx: Db, school: SchoolRef, kind: AffiliationKind, placement: { yearLevel?: string | null, campusId?: string | null }) {
  const problems: string[] = []
  const { yearLevel, campusId } = placement
  if (kind !== 'student' && (yearLevel != null || campusId != null)) problems.push('Only a student span has a year level or campus.')
  if (yearLevel != null && !school.lists.yearLevels.includes(yearLevel)) {
    problems.push(`The school has no year level "${yearLevel}". It has: ${school.lists.yearLevels.join(', ')}.`)
  }
  if (campusId != null) {
    const [campus] = await tx.select({ id: campuses.id }).from(campuses).where(and(eq(campuses.schoolId, school.id), eq(campuses.id, campusId)))
    if (!campus) problems.push(`The school has no campus with the id ${campusId}.`)
  }
  if (problems.length) throw domainError('unprocessable', problems)
}

/** Refuses a span that would overlap another of the same kind for the same person: one role, one span at a time. */
export async function checkNoOverlap(tx: Db, personId: string, kind: AffiliationKind, span: Span, exceptId?: string) {
  const others = await tx.select({ id: affiliations.id, validFrom: affiliations.validFrom, validTo: affiliations.validTo }).from(affiliations)
    .where(and(eq(affiliations.personId, personId), eq(affiliations.kind, kind), exceptId ? ne(affiliations.id, exceptId) : undefined))
  const clash = others.find(other => spansOverlap(other, span))
  if (clash) {
    throw domainError(
      'unprocessable',
      [`The person already has a ${kind} span from ${clash.validFrom} ${clash.validTo ? `to ${clash.validTo}` : 'with no end'}, which this one would overlap.`]
    )
  }
}

/** Opens an affiliation inside a write and announces it; for callers that write several things at once. */
export async function insertAffiliation(tx: Db, changes: ChangeLog, school: SchoolRef, input: NewAffiliation): Promise<string> {
  const span = { validFrom: input.validFrom, validTo: input.validTo ?? null }
  if (!affiliationKinds.includes(input.kind)) throw domainError('unprocessable', [`There is no affiliation kind "${excerpt(input.kind)}".`])
  if (input.kind === 'student') refuseHeldElsewhere(school, 'studentSpans')
  checkSpanInput(span)
  await requirePerson(tx, school, input.personId)
  await checkPlacement(tx, school, input.kind, input)
  await checkNoOverlap(tx, input.personId, input.kind, span)
  const row = affiliationRow(school.id, input, timestampNow())
  await tx.insert(affiliations).values(row)
  changes.record('affiliation.created', 'affiliations', row.id)
  return row.id
}

/** Opens an affiliation: the person takes on a role at the school for a span of days. */
export function openAffiliation(ctx: DomainContext, input: NewAffiliation): Promise<string> {
  return writeChanges(ctx, (tx, changes) => insertAffiliation(tx, changes, ctx.school, input))
}
