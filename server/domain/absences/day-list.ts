import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm'
import { absences, affiliations, classes, classMembers, people, unexplainedAbsences } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { inForceOn } from '../days/in-force'
import { compareText } from '../shared/compare-text'
import { listSlice } from '../shared/list-slice'
import { slicesOf } from '../../../db/id-slices'
import { childrenUnderRestrictionAt, listsRestrictedChildren } from '../access/withholding'

export interface DayListRequest { day?: string, q?: string, yearLevel?: string, limit: number, after?: [number] }

/** A name folded for search: case and accents aside, so "jose" finds José. */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** Each child's name and year level on the day, and their homeroom, read in slices: two statements a slice. */
async function childrenOnDay(ctx: Pick<DomainContext, 'database' | 'school'>, childIds: readonly string[], day: string) {
  const children = new Map<string, { child: { id: string, familyName: string, givenNames: string }, yearLevel: string | null }>()
  const homerooms = new Map<string, string>()
  for (const slice of slicesOf([...new Set(childIds)])) {
    const [named, rooms] = await Promise.all([
      ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, yearLevel: affiliations.yearLevel })
        .from(people)
        .leftJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, day)))
        .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, slice), isNull(people.deletedAt))),
      ctx.database.db.select({ personId: classMembers.personId, code: classes.code }).from(classMembers)
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .where(and(eq(classMembers.schoolId, ctx.school.id), inArray(classMembers.personId, slice), eq(classes.kind, 'homeroom'), inForceOn(classMembers, day)))
    ])
    for (const { yearLevel, ...child } of named) children.set(child.id, { child, yearLevel })
    // A child in two homerooms on the day (a move mid-way through) is listed under the first by code.
    for (const room of rooms) {
      const known = homerooms.get(room.personId)
      if (known === undefined || compareText(room.code, known) < 0) homerooms.set(room.personId, room.code)
    }
  }
  return { children, homerooms }
}

/**
 * A school day's absences for the office (`/staff/absences?day=`; docs/absences.md, "The day list"): every
 * absence reported for the day and not withdrawn, and every absence the register found that no family has
 * explained, by year level (the school's order), homeroom and name, with the day's counts. A child under a
 * protection flag or a court order on the day is listed, marked, to staff holding `restricted.read`, and left
 * out for anyone else (withholding.ts, `office_list`). Held whole and paged in memory: a day's absences are a
 * few hundred at most, and the order wanted (year level, homeroom, name) is not one an index gives.
 */
export async function absenceDayList(ctx: DomainContext, request: DayListRequest) {
  const day = request.day ?? todayInZone(ctx.school.timeZone)
  const { db } = ctx.database
  const [reported, waiting, restricted] = await Promise.all([
    db.select().from(absences)
      .where(and(eq(absences.schoolId, ctx.school.id), lte(absences.fromDay, day), gte(absences.toDay, day), isNull(absences.withdrawnAt))),
    db.select().from(unexplainedAbsences)
      .where(and(eq(unexplainedAbsences.schoolId, ctx.school.id), eq(unexplainedAbsences.day, day), isNull(unexplainedAbsences.explainedAt))),
    childrenUnderRestrictionAt(ctx, day)
  ])
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  const childIds = [...new Set([...reported.map(row => row.childId), ...waiting.map(row => row.childId)])].filter(id => keepsRestricted || !restricted.has(id))
  const { children, homerooms } = await childrenOnDay(ctx, childIds, day)
  const lineOf = (childId: string) => {
    const found = children.get(childId)
    return found && { ...found, className: homerooms.get(childId) ?? null, restricted: restricted.has(childId) }
  }
  const lines = [
    ...reported.flatMap((row) => {
      const place = lineOf(row.childId)
      return place
        ? [{
            kind: 'reported' as const, id: row.id, ...place, fromTime: row.fromTime, toTime: row.toTime, reason: row.reason, reportedBy: row.reportedBy,
            reportedAt: row.reportedAt, acknowledged: row.acknowledgedAt !== null
          }]
        : []
    }),
    ...waiting.flatMap((row) => {
      const place = lineOf(row.childId)
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
