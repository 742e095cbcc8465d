import { and, eq, gte, inArray, isNull, lte, or, type Column } from 'drizzle-orm'
import { absences, affiliations, classes, classMembers, people, unexplainedAbsences } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { inForceOn } from '../days/in-force'
import { compareText } from '../shared/compare-text'
import { listSlice } from '../shared/list-slice'
import { childrenUnderRestrictionAt, listsRestrictedChildren } from '../access/withholding'

export interface DayListRequest { day?: string, q?: string, yearLevel?: string, limit: number, after?: [number] }

/** A name folded for search: case and accents aside, so "jose" finds José. */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * A school day's absences for the office (`/staff/absences?day=`; docs/absences.md, "The day list"): every
 * absence reported for the day and not withdrawn, and every absence the register found that no family has
 * explained, by year level (the school's order), homeroom and name, with the day's counts. A child under a
 * protection flag or a court order on the day is listed, marked, to staff holding `restricted.read`, and left
 * out for anyone else (withholding.ts, `office_list`). Held whole and paged in memory: a day's absences are a
 * few hundred at most, and the order wanted (year level, homeroom, name) is not one an index gives. Each list is
 * one statement joining the child's name and year level, and the homerooms one more, so no list of ids is bound.
 */
export async function absenceDayList(ctx: DomainContext, request: DayListRequest) {
  const day = request.day ?? todayInZone(ctx.school.timeZone)
  const { db } = ctx.database
  const schoolId = ctx.school.id
  const child = { id: people.id, familyName: people.familyName, givenNames: people.givenNames }
  const student = (childId: Column) =>
    and(eq(affiliations.personId, childId), eq(affiliations.kind, 'student'), inForceOn(affiliations, day))
  const reportedOnDay = and(eq(absences.schoolId, schoolId), lte(absences.fromDay, day), gte(absences.toDay, day), isNull(absences.withdrawnAt))
  const waitingOnDay = and(eq(unexplainedAbsences.schoolId, schoolId), eq(unexplainedAbsences.day, day), isNull(unexplainedAbsences.explainedAt))
  const [reported, waiting, rooms, restricted] = await Promise.all([
    db.select({ row: absences, child, yearLevel: affiliations.yearLevel }).from(absences)
      .innerJoin(people, and(eq(people.id, absences.childId), isNull(people.deletedAt)))
      .leftJoin(affiliations, student(absences.childId))
      .where(reportedOnDay),
    db.select({ row: unexplainedAbsences, child, yearLevel: affiliations.yearLevel }).from(unexplainedAbsences)
      .innerJoin(people, and(eq(people.id, unexplainedAbsences.childId), isNull(people.deletedAt)))
      .leftJoin(affiliations, student(unexplainedAbsences.childId))
      .where(waitingOnDay),
    db.select({ personId: classMembers.personId, code: classes.code }).from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(and(
        eq(classMembers.schoolId, schoolId), eq(classes.kind, 'homeroom'), inForceOn(classMembers, day),
        or(
          inArray(classMembers.personId, db.select({ id: absences.childId }).from(absences).where(reportedOnDay)),
          inArray(classMembers.personId, db.select({ id: unexplainedAbsences.childId }).from(unexplainedAbsences).where(waitingOnDay))
        )
      )),
    childrenUnderRestrictionAt(ctx, day)
  ])
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  // A child in two homerooms on the day (a move mid-way through) is listed under the first by code.
  const homerooms = new Map<string, string>()
  for (const room of rooms) {
    const known = homerooms.get(room.personId)
    if (known === undefined || compareText(room.code, known) < 0) homerooms.set(room.personId, room.code)
  }
  const lineOf = (found: { child: { id: string, familyName: string, givenNames: string }, yearLevel: string | null }) =>
    keepsRestricted || !restricted.has(found.child.id)
      ? { child: found.child, yearLevel: found.yearLevel, className: homerooms.get(found.child.id) ?? null, restricted: restricted.has(found.child.id) }
      : undefined
  const lines = [
    ...reported.flatMap(({ row, ...found }) => {
      const place = lineOf(found)
      return place
        ? [{
            kind: 'reported' as const, id: row.id, ...place, fromTime: row.fromTime, toTime: row.toTime, reason: row.reason, reportedBy: row.reportedBy,
            reportedAt: row.reportedAt, acknowledged: row.acknowledgedAt !== null
          }]
        : []
    }),
    ...waiting.flatMap(({ row, ...found }) => {
      const place = lineOf(found)
      return place
        ? [{
            kind: 'unexplained' as const, id: row.id, ...place, fromTime: row.fromTime, toTime: row.toTime, reason: null, reportedBy: null,
            reportedAt: row.receivedAt, acknowledged: false
          }]
        : []
    })
  ]
  const needle = request.q ? folded(request.q) : undefined
  const levels = ctx.school.lists.yearLevels
  const rank = (level: string | null) => level === null ? levels.length + 1 : (levels.indexOf(level) + 1 || levels.length)
  // Each line's order and search keys made once: folding a name is the costly part of a comparison.
  const keyed = lines.map(line => ({
    line, rank: rank(line.yearLevel), room: line.className ?? '\uffff', family: folded(line.child.familyName), given: folded(line.child.givenNames)
  }))
  const chosen = keyed
    .filter(({ line, family, given }) => (!request.yearLevel || line.yearLevel === request.yearLevel)
      && (!needle || `${given} ${family}`.includes(needle) || `${family} ${given}`.includes(needle)))
    .sort((a, b) => a.rank - b.rank || compareText(a.room, b.room) || compareText(a.family, b.family) || compareText(a.given, b.given)
      || compareText(a.line.kind, b.line.kind) || compareText(a.line.id, b.line.id))
    .map(({ line }) => line)
  const counts = {
    reported: chosen.filter(line => line.kind === 'reported').length,
    unexplained: chosen.filter(line => line.kind === 'unexplained').length,
    acknowledged: chosen.filter(line => line.acknowledged).length
  }
  return { day, counts, ...listSlice(chosen, request) }
}
