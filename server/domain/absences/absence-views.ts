import { and, eq, inArray } from 'drizzle-orm'
import type { absences } from '../../../db/schema'
import { people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { actorLabels } from '../shared/actor-labels'
import { holdsCapability } from '../access/access'
import { slicesOf } from '../../../db/id-slices'
import { sensitiveAbsenceReasons } from './absence-settings'

export type AbsenceRecord = typeof absences.$inferSelect

/** An absence as its family reads it in the portal: everything of it but who in the office handled it. */
export function familyAbsenceView(row: AbsenceRecord, adultId: string, today: string) {
  return {
    id: row.id, childId: row.childId, firstDay: row.fromDay, lastDay: row.toDay, fromTime: row.fromTime, toTime: row.toTime,
    reason: row.reason, note: row.note, documentName: row.documentName, reportedBy: row.reportedBy, reportedAt: row.reportedAt,
    acknowledged: row.acknowledgedAt !== null, withdrawn: row.withdrawnAt !== null,
    canWithdraw: row.withdrawnAt === null && row.adultId === adultId && row.fromDay > today, explains: row.explainsId
  }
}

/** Whether the caller may open the note and document of an absence for this reason: anyone with the screen, unless the school marks it sensitive. */
export function opensAbsenceDetail(ctx: Pick<DomainContext, 'school' | 'capabilities'>, reason: AbsenceRecord['reason']) {
  return !sensitiveAbsenceReasons(ctx.school).includes(reason) || holdsCapability(ctx, 'restricted.read')
}

async function adultNames(ctx: Pick<DomainContext, 'database' | 'school'>, ids: readonly string[]) {
  const names = new Map<string, string>()
  for (const slice of slicesOf([...new Set(ids)])) {
    const rows = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
      .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, slice)))
    for (const row of rows) names.set(row.id, `${row.givenNames} ${row.familyName}`)
  }
  return names
}

/**
 * Absences as the office reads them: who reported each (the adult, and for one the office recorded, who in the office:
 * parts, so each screen words them in its language), who
 * acknowledged it, and the note and document only where the reason is not one the school marks sensitive, or
 * the caller holds `restricted.read`.
 */
export async function officeAbsenceViews(ctx: Pick<DomainContext, 'database' | 'school' | 'capabilities'>, rows: readonly AbsenceRecord[]) {
  const [names, labels] = await Promise.all([
    adultNames(ctx, rows.flatMap(row => row.adultId ? [row.adultId] : [])),
    actorLabels(ctx.database.db, ctx.school.id, rows.flatMap(row => [row.enteredBy, row.acknowledgedBy]))
  ])
  return rows.map((row) => {
    const adult = row.adultId ? names.get(row.adultId) ?? null : null
    const entered = row.enteredBy ? labels.get(row.enteredBy) ?? null : null
    const opens = opensAbsenceDetail(ctx, row.reason)
    const sensitive = sensitiveAbsenceReasons(ctx.school).includes(row.reason)
    // By its type, not its key: an erased child's document keeps only its key until its bytes are gone (docs/object-storage.md).
    return {
      id: row.id, childId: row.childId, firstDay: row.fromDay, lastDay: row.toDay, fromTime: row.fromTime, toTime: row.toTime, reason: row.reason,
      note: opens ? row.note : null, documentName: opens ? row.documentName : null, hasDocument: row.documentType !== null, sensitive,
      reportedBy: row.reportedBy, reportedAt: row.reportedAt,
      reportedByAdult: adult, enteredByName: entered,
      acknowledged: row.acknowledgedAt !== null, acknowledgedAt: row.acknowledgedAt,
      acknowledgedByName: row.acknowledgedBy ? labels.get(row.acknowledgedBy) ?? null : null,
      withdrawn: row.withdrawnAt !== null, withdrawnAt: row.withdrawnAt, explains: row.explainsId
    }
  })
}
