import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm'
import { absences } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { validationFailed } from '../shared/domain-error'
import { addDays, zonedDateTime } from '../days/calendar'
import { todayInZone } from '../days/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import type { AbsenceRecord } from './absence-views'

/** The widest window one list covers: a school year and a day. */
const widestWindow = 366

/** An absence as `/api/v1/absences` carries it: when, why in a word, who reported it; never a note or a document. */
export function absenceForIntegrations(row: AbsenceRecord, timeZone: string) {
  const partOfDay = row.fromTime !== null && row.toTime !== null
  return {
    id: row.id, personId: row.childId,
    from: partOfDay ? zonedDateTime(row.fromDay, row.fromTime!, timeZone) : row.fromDay,
    to: partOfDay ? zonedDateTime(row.toDay, row.toTime!, timeZone) : row.toDay,
    reason: row.reason, reportedAt: row.reportedAt, reportedBy: row.reportedBy,
    ...(row.explainsId ? { explains: row.explainsId } : {})
  }
}

/**
 * The absences families reported or explained, and the office recorded, with any day between `from` and `to`
 * (today alone when neither is given)
 * (docs/absences.md, "The attendance system's side"), earliest first, by cursor; a withdrawn one is not listed
 * (its `absence.withdrawn` event tells a reader who saw it).
 */
export async function listAbsences(ctx: DomainContext, page: { limit: number, after?: [string, string] }, asked: { from?: string, to?: string }) {
  const from = asked.from ?? todayInZone(ctx.school.timeZone)
  const window = { from, to: asked.to ?? from }
  if (window.to < window.from) throw validationFailed([{ path: 'to', message: `The window ends (${window.to}) before it begins (${window.from}).` }])
  if (window.to > addDays(window.from, widestWindow)) throw validationFailed([{ path: 'to', message: `At most ${widestWindow} days after \`from\`.` }])
  const rows = await ctx.database.db.select().from(absences)
    .where(and(
      eq(absences.schoolId, ctx.school.id), lte(absences.fromDay, window.to), gte(absences.toDay, window.from), isNull(absences.withdrawnAt),
      afterPosition(absences.fromDay, absences.id, page.after)
    ))
    .orderBy(asc(absences.fromDay), asc(absences.id)).limit(page.limit + 1)
  return keysetSlice(rows, page.limit, row => absenceForIntegrations(row, ctx.school.timeZone), row => [row.fromDay, row.id] as [string, string])
}
