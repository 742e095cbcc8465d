import { and, eq, inArray } from 'drizzle-orm'
import { slicesOf } from '../../../db/id-slices'
import { affiliations } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { absenceDaysAhead } from '../../../shared/schemas/absences'
import type { AbsenceReason } from '../../../shared/vocabulary'
import { domainError, validationFailed } from '../shared/domain-error'
import { addDays } from '../days/calendar'
import { isInForceOn } from '../days/in-force'

/** When a child is away as asked: whole days, or a part of one day. */
export interface AbsenceSpanInput { firstDay: string, lastDay?: string, fromTime?: string, toTime?: string }

/** The span as kept: `fromTime` and `toTime` only for a part of one day. */
export interface AbsenceSpan { fromDay: string, toDay: string, fromTime: string | null, toTime: string | null }

/**
 * Reads a span and the reason's note, `validation_failed` for what the request got wrong in itself: a time
 * without the other, a part of a day over several days, a period that ends before it begins, `other`
 * without a note.
 */
export function readAbsenceSpan(input: AbsenceSpanInput & { reason: AbsenceReason, note?: string }): AbsenceSpan {
  const lastDay = input.lastDay ?? input.firstDay
  const problems: FieldProblem[] = []
  const partOfDay = input.fromTime !== undefined || input.toTime !== undefined
  if (partOfDay) {
    if (input.fromTime === undefined) problems.push({ path: 'fromTime', message: 'Give the time the absence begins as well as when it ends.' })
    if (input.toTime === undefined) problems.push({ path: 'toTime', message: 'Give the time the absence ends as well as when it begins.' })
    if (input.fromTime && input.toTime && input.toTime <= input.fromTime) problems.push({ path: 'toTime', message: 'The absence must end after it begins.' })
  }
  if (input.reason === 'other' && !input.note?.trim()) problems.push({ path: 'note', message: 'Say why, in a few words, when the reason is "other".' })
  if (problems.length) throw validationFailed(problems)
  if (lastDay < input.firstDay) {
    throw domainError('unprocessable', [`lastDay: The last day (${lastDay}) is before the first (${input.firstDay}).`],
      { fields: [{ path: 'lastDay', message: 'The last day is before the first.' }] })
  }
  if (partOfDay && lastDay !== input.firstDay) {
    throw domainError('unprocessable', ['lastDay: A part of a day is one day: leave the last day out, or give whole days without times.'],
      { fields: [{ path: 'lastDay', message: 'A part of a day is one day.' }] })
  }
  return { fromDay: input.firstDay, toDay: lastDay, fromTime: input.fromTime ?? null, toTime: input.toTime ?? null }
}

/** Refuses a span reaching more than 60 days past today in the school's zone, naming the day that does. */
export function checkAbsenceHorizon(span: AbsenceSpan, today: string, paths = { first: 'firstDay', last: 'lastDay' }) {
  const latest = addDays(today, absenceDaysAhead)
  const path = span.fromDay > latest ? paths.first : span.toDay > latest ? paths.last : undefined
  if (path) {
    throw domainError('unprocessable', [`${path}: An absence can be reported at most ${absenceDaysAhead} days ahead, up to ${latest}.`],
      { fields: [{ path, message: `At most ${absenceDaysAhead} days ahead (${latest}).` }] })
  }
}

/** The child's student spans: the days they are on the roll. */
export async function studentSpansOf(db: Db, schoolId: string, childId: string) {
  return (await studentSpansOfChildren(db, schoolId, [childId])).get(childId) ?? []
}

/** The student spans of each of these children, read in slices of ids: a child with none is not in the map. */
export async function studentSpansOfChildren(db: Db, schoolId: string, childIds: readonly string[]) {
  const spans = new Map<string, { validFrom: string, validTo: string | null }[]>()
  for (const slice of slicesOf([...new Set(childIds)])) {
    const rows = await db.select({ personId: affiliations.personId, validFrom: affiliations.validFrom, validTo: affiliations.validTo }).from(affiliations)
      .where(and(eq(affiliations.schoolId, schoolId), eq(affiliations.kind, 'student'), inArray(affiliations.personId, slice)))
    for (const { personId, ...span } of rows) spans.set(personId, [...spans.get(personId) ?? [], span])
  }
  return spans
}

/** Whether every day of the span is on the roll: both ends in one student span (spans of a child never overlap). */
export function onRollThroughout(spans: readonly { validFrom: string, validTo: string | null }[], span: Pick<AbsenceSpan, 'fromDay' | 'toDay'>) {
  return spans.some(roll => isInForceOn(roll, span.fromDay) && isInForceOn(roll, span.toDay))
}

/**
 * Refuses a span not wholly within the child's time on the roll (`unprocessable` naming the first day, or the
 * last when the first is on it): a child who has left, or not yet started, is not absent.
 */
export async function checkOnRoll(db: Db, schoolId: string, childId: string, span: AbsenceSpan) {
  const spans = await studentSpansOf(db, schoolId, childId)
  if (onRollThroughout(spans, span)) return
  const path = spans.some(roll => isInForceOn(roll, span.fromDay)) ? 'lastDay' : 'firstDay'
  throw domainError('unprocessable', [`${path}: The child is not on the school's roll on every day of this absence.`],
    { fields: [{ path, message: 'The child is not on the roll then.' }] })
}
