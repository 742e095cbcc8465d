import { and, desc, eq } from 'drizzle-orm'
import { absences, people, unexplainedAbsences } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { officeAbsenceViews, opensAbsenceDetail } from './absence-views'
import { openAbsenceDocument } from './absence-documents'
import { recordActivity } from '../activity/record-activity'

/**
 * The child's record's Absences card (docs/absences.md, "The office's side"): a page of the child's absences,
 * newest first, each with who reported it and who acknowledged it, and the register's absences of the last
 * weeks with whether the family was told and has explained. `not_found` for a person not of the school.
 */
export async function childAbsences(ctx: DomainContext, childId: string, page: { limit: number, after?: [string, string] }) {
  const { db } = ctx.database
  const [child] = await db.select({ id: people.id }).from(people).where(and(eq(people.schoolId, ctx.school.id), eq(people.id, childId)))
  if (!child) throw domainError('not_found', ['No person with this id.'])
  const [rows, register] = await Promise.all([
    db.select().from(absences)
      .where(and(eq(absences.schoolId, ctx.school.id), eq(absences.childId, childId), afterPosition(absences.fromDay, absences.id, page.after, 'desc')))
      .orderBy(desc(absences.fromDay), desc(absences.id)).limit(page.limit + 1),
    page.after
      ? []
      : db.select().from(unexplainedAbsences).where(and(eq(unexplainedAbsences.schoolId, ctx.school.id), eq(unexplainedAbsences.childId, childId)))
          .orderBy(desc(unexplainedAbsences.day), desc(unexplainedAbsences.id)).limit(20)
  ])
  const { items, next } = keysetSlice(rows, page.limit, row => row, row => [row.fromDay, row.id] as [string, string])
  return {
    items: await officeAbsenceViews(ctx, items),
    unexplained: register.map(row => ({
      id: row.id, childId: row.childId, day: row.day, fromTime: row.fromTime, toTime: row.toTime, receivedAt: row.receivedAt,
      explainedAt: row.explainedAt, notified: row.messageId !== null
    })),
    next
  }
}

/**
 * An absence's document for the office: `not_found` for an absence of another school or with none, and
 * `forbidden` naming `restricted.read` where the school marks its reason sensitive and the caller lacks it.
 * Each opening is recorded in Activity (`absence_document.opened`, on the child), without the document's name.
 */
export async function absenceDocument(ctx: DomainContext, absenceId: string) {
  const [row] = await ctx.database.db.select().from(absences).where(and(eq(absences.schoolId, ctx.school.id), eq(absences.id, absenceId)))
  if (!row?.documentKey || !row.documentType) throw domainError('not_found', ['No document with this absence.'])
  if (!opensAbsenceDetail(ctx, row.reason)) {
    throw domainError('forbidden', ['The school marks this reason sensitive: its document opens to staff holding restricted.read.'],
      { data: { missingScope: 'restricted.read' } })
  }
  const extension = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' }[row.documentType] ?? 'bin'
  const file = await openAbsenceDocument(row.documentKey, {
    fileName: `absence-${row.id}.${extension}`, contentType: row.documentType, size: row.documentBytes ?? 0
  })
  // Who opened which child's document, and when: never its name, which a parent may have written a diagnosis into.
  await ctx.database.transaction(tx => recordActivity(tx, ctx, {
    kind: 'absence_document.opened', subjectType: 'person', subjectId: row.childId, summary: `An absence's document opened (${row.id})`
  }))
  return file
}
