import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { absences, unexplainedAbsences } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { addDays } from '../days/calendar'
import { isNotEndedBefore } from '../days/in-force'
import { compareText } from '../shared/compare-text'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { childrenWithStanding } from '../access/children-shown'
import { absenceDaysAhead } from '../../../shared/schemas/absences'
import { offeredAbsenceReasons } from './absence-settings'
import { studentSpansOfChildren } from './absence-span'
import { familyAbsenceView } from './absence-views'

/** A page of a family's absences: newest first day first, after `[fromDay, id]` of the last one shown. */
export interface PortalAbsencesPage { limit: number, after?: [string, string] }

/** The days a child is on the roll from today on, as the form offers them: the span in force today, or the next one to begin. */
function rollDaysAhead(childSpans: readonly { validFrom: string, validTo: string | null }[], today: string) {
  const next = childSpans.filter(span => isNotEndedBefore(span, today)).sort((a, b) => compareText(a.validFrom, b.validFrom))[0]
  return { firstDay: next?.validFrom ?? null, lastDay: next ? next.validTo : null }
}

/**
 * The portal's Absences (docs/absences.md, "The family's side"): the children the adult has `attendance`
 * standing on today, each with the days they are on the roll; the reasons the school offers; the absences the
 * register found that wait for an explanation; and a page of the children's absences, newest first, each
 * saying whether this adult may still withdraw it. A child outside the adult's standing is never named or
 * counted, nor are their absences.
 */
export async function portalAbsences(ctx: DomainContext, adultId: string, page: PortalAbsencesPage) {
  const today = todayInZone(ctx.school.timeZone)
  const shown = await childrenWithStanding(ctx, adultId, 'attendance', today)
  const childIds = shown.map(child => child.id)
  const spans = await studentSpansOfChildren(ctx.database.db, ctx.school.id, childIds)
  const children = shown.map(child => ({ ...child, ...rollDaysAhead(spans.get(child.id) ?? [], today) }))
  const [waiting, rows] = childIds.length
    ? await Promise.all([
        ctx.database.db.select().from(unexplainedAbsences)
          .where(and(eq(unexplainedAbsences.schoolId, ctx.school.id), inArray(unexplainedAbsences.childId, childIds), isNull(unexplainedAbsences.explainedAt)))
          .orderBy(desc(unexplainedAbsences.day), desc(unexplainedAbsences.id)).limit(50),
        ctx.database.db.select().from(absences)
          .where(and(
            eq(absences.schoolId, ctx.school.id), inArray(absences.childId, childIds),
            afterPosition(absences.fromDay, absences.id, page.after, 'desc')
          ))
          .orderBy(desc(absences.fromDay), desc(absences.id)).limit(page.limit + 1)
      ])
    : [[], []]
  const { items, next } = keysetSlice(rows, page.limit, row => familyAbsenceView(row, adultId, today), row => [row.fromDay, row.id] as [string, string])
  return {
    today, lastDayAllowed: addDays(today, absenceDaysAhead), children, reasons: offeredAbsenceReasons(ctx.school),
    unexplained: waiting.map(row => ({
      id: row.id, childId: row.childId, day: row.day, fromTime: row.fromTime, toTime: row.toTime, receivedAt: row.receivedAt
    })),
    items, next
  }
}
