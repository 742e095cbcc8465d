import { and, eq, isNull } from 'drizzle-orm'
import { absences, unexplainedAbsences } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { AbsenceReason } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges, type ChangeKind } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { showsChild, standingOf, standingWithheld } from '../access/standing'
import { checkAbsenceHorizon, checkOnRoll, readAbsenceSpan, type AbsenceSpan, type AbsenceSpanInput } from './absence-span'
import { absenceDocumentKey, keepAbsenceDocument, readAbsenceDocument, removeAbsenceDocument, type AbsenceDocument } from './absence-documents'
import { offeredAbsenceReasons } from './absence-settings'

/** Why, as a report gives it: a reason of the school's list, a note, and perhaps a document. */
export interface AbsenceReasonInput { reason: AbsenceReason, note?: string, document?: { name: string, content: string } }

type AbsenceRow = typeof absences.$inferInsert

/** Whether the adult may report for the child on the day: `attendance` standing, and `details` with it, as every portal answer about a child asks. */
export async function hasAttendanceStanding(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, childId: string, day: string, db?: Db) {
  const readCtx = db ? { school: ctx.school, database: { ...ctx.database, db } } : ctx
  return showsChild(await standingOf(readCtx, adultId, childId, day), 'attendance')
}

/** `validation_failed` naming `reason` for one the school does not offer (it may have stopped since the page loaded). */
function checkOffered(ctx: Pick<DomainContext, 'school'>, reason: AbsenceReason) {
  if (!offeredAbsenceReasons(ctx.school).includes(reason)) throw validationFailed([{ path: 'reason', message: 'The school does not offer this reason.' }])
}

/**
 * Writes the absence with its document: the document is kept first, so the absence never names one that is
 * not there, and removed again when the write is refused. `work` re-checks what must hold under the school's
 * lock and returns the event to record.
 */
async function writeAbsence(
  ctx: DomainContext, row: Omit<AbsenceRow, 'documentKey' | 'documentName' | 'documentType' | 'documentBytes'>, document: AbsenceDocument | undefined,
  work: (tx: Db) => Promise<ChangeKind>
) {
  const documentKey = document ? absenceDocumentKey(ctx.school.id, row.id) : null
  if (document && documentKey) await keepAbsenceDocument(documentKey, document)
  try {
    return await writeChanges(ctx, async (tx, changes) => {
      const kind = await work(tx)
      await tx.insert(absences).values({
        ...row, documentKey, documentName: document?.name ?? null, documentType: document?.type ?? null, documentBytes: document?.bytes.length ?? null
      })
      changes.record(kind, 'absences', row.id)
      return { id: row.id }
    })
  } catch (error) {
    if (documentKey) await removeAbsenceDocument(documentKey)
    throw error
  }
}

function reportRow(ctx: DomainContext, childId: string, span: AbsenceSpan, input: AbsenceReasonInput) {
  const at = timestampNow()
  return {
    id: newId('abs'), schoolId: ctx.school.id, childId, ...span, reason: input.reason, note: input.note?.trim() || null,
    reportedAt: at, updatedAt: at
  }
}

/**
 * A family reports a child's absence in the portal (docs/absences.md, "Reporting"). In this order, so nothing
 * tells an adult more than standing grants: `standing_withheld`, one body for every reason, when they lack
 * `attendance` standing on the child today (a child of theirs, of another family or of no one alike); then
 * the span and reason (`validation_failed`), the 60 days ahead and the roll (`unprocessable` naming the field),
 * and the document's type by its bytes. Standing is asked again inside the write, under the school's lock.
 */
export async function reportAbsence(ctx: DomainContext, input: AbsenceSpanInput & AbsenceReasonInput & { adultId: string, childId: string }) {
  const today = todayInZone(ctx.school.timeZone)
  if (!await hasAttendanceStanding(ctx, input.adultId, input.childId, today)) throw standingWithheld()
  const span = readAbsenceSpan(input)
  checkOffered(ctx, input.reason)
  checkAbsenceHorizon(span, today)
  await checkOnRoll(ctx.database.db, ctx.school.id, input.childId, span)
  const document = input.document && readAbsenceDocument(input.document)
  const row = { ...reportRow(ctx, input.childId, span, input), reportedBy: 'family' as const, adultId: input.adultId }
  return writeAbsence(ctx, row, document, async (tx) => {
    if (!await hasAttendanceStanding(ctx, input.adultId, input.childId, today, tx)) throw standingWithheld()
    return 'absence.reported'
  })
}

/**
 * The office records an absence a family told it of (a phone call, a note at the desk): the same checks of
 * span, reason and roll as a family's report, the member of staff kept as who entered it, and the adult who
 * told them when named: one with `attendance` standing on the child today, or `unprocessable` naming `onBehalfOf`.
 */
export async function recordAbsenceForFamily(ctx: DomainContext, input: AbsenceSpanInput & AbsenceReasonInput & { childId: string, onBehalfOf?: string }) {
  const today = todayInZone(ctx.school.timeZone)
  const span = readAbsenceSpan(input)
  checkOffered(ctx, input.reason)
  checkAbsenceHorizon(span, today)
  await checkOnRoll(ctx.database.db, ctx.school.id, input.childId, span)
  if (input.onBehalfOf && !await hasAttendanceStanding(ctx, input.onBehalfOf, input.childId, today)) {
    throw domainError('unprocessable', ['onBehalfOf: This adult cannot report absences for this child.'],
      { fields: [{ path: 'onBehalfOf', message: 'Not an adult who may report absences for this child.' }] })
  }
  const document = input.document && readAbsenceDocument(input.document)
  const row = {
    ...reportRow(ctx, input.childId, span, input), reportedBy: 'office' as const, adultId: input.onBehalfOf ?? null, enteredBy: recordedActor(ctx.actor)
  }
  return writeAbsence(ctx, row, document, async () => 'absence.reported')
}

/** The unexplained absence an adult may explain: one of the school's, for a child they have `attendance` standing on today. */
async function unexplainedFor(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, id: string, today: string, db: Db = ctx.database.db) {
  const [row] = await db.select().from(unexplainedAbsences).where(and(eq(unexplainedAbsences.schoolId, ctx.school.id), eq(unexplainedAbsences.id, id)))
  if (!row || !await hasAttendanceStanding(ctx, adultId, row.childId, today, db)) throw standingWithheld()
  return row
}

/**
 * A family explains an absence the attendance system reported (docs/absences.md, "The loop"): the
 * explanation becomes a reported absence for the day and period the register named, linked to it
 * (`explains`), announced as `absence.explained`. `standing_withheld` for an id that is not one the adult may
 * see; `conflict` when it was explained already (by another adult of the child, or in another tab).
 */
export async function explainAbsence(ctx: DomainContext, input: AbsenceReasonInput & { adultId: string, unexplainedId: string }) {
  const today = todayInZone(ctx.school.timeZone)
  const found = await unexplainedFor(ctx, input.adultId, input.unexplainedId, today)
  const span = readAbsenceSpan({
    firstDay: found.day, fromTime: found.fromTime ?? undefined, toTime: found.toTime ?? undefined, reason: input.reason, note: input.note
  })
  checkOffered(ctx, input.reason)
  const document = input.document && readAbsenceDocument(input.document)
  const row = { ...reportRow(ctx, found.childId, span, input), reportedBy: 'family' as const, adultId: input.adultId, explainsId: found.id }
  return writeAbsence(ctx, row, document, async (tx) => {
    await unexplainedFor(ctx, input.adultId, input.unexplainedId, today, tx)
    const explained = await tx.update(unexplainedAbsences).set({ explainedAt: row.reportedAt })
      .where(and(eq(unexplainedAbsences.id, found.id), isNull(unexplainedAbsences.explainedAt))).returning({ id: unexplainedAbsences.id })
    if (!explained.length) throw domainError('conflict', ['This absence has been explained already.'])
    return 'absence.explained'
  })
}
