import { eq } from 'drizzle-orm'
import { affiliations } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { requireAffiliation } from './find-affiliation'
import { checkPlacement, insertAffiliation } from './open-affiliation'
import { endAffiliation } from './close-affiliation'
import { addDays } from '../days/calendar'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'

/**
 * Moves a student to another year level or campus on their span. The span keeps the latest
 * placement (so a closed span says where the student was when they left, which the alumni rule
 * `completed_final_year` reads); the outbox keeps the order of changes.
 */
export function placeStudent(ctx: DomainContext, affiliationId: string, placement: { yearLevel?: string | null, campusId?: string | null }) {
  return writeChanges(ctx, async (tx, changes) => {
    const span = await requireAffiliation(tx, ctx.school, affiliationId)
    if (span.kind !== 'student') throw domainError('unprocessable', ['Only a student span has a year level or campus.'])
    refuseHeldElsewhere(ctx.school, 'studentSpans')
    if (placement.yearLevel === undefined && placement.campusId === undefined) throw domainError('unprocessable', ['Give a year level or a campus.'])
    await checkPlacement(tx, ctx.school, span.kind, placement)
    await tx.update(affiliations).set({
      ...(placement.yearLevel !== undefined ? { yearLevel: placement.yearLevel } : {}),
      ...(placement.campusId !== undefined ? { campusId: placement.campusId } : {})
    }).where(eq(affiliations.id, span.id))
    changes.record('affiliation.updated', 'affiliations', span.id)
  })
}

/**
 * Moves a student to another year level or campus from a day. On the span's first day (or before)
 * the span itself takes the placement, as placeStudent does; later, the span ends the day before and
 * a span with the new placement opens from the day, to the old span's end, in one write: the
 * timeline then shows each placement with its days. Returns the id of the span that holds the new placement.
 */
export function moveStudent(
  ctx: DomainContext, affiliationId: string, move: { yearLevel?: string | null, campusId?: string | null, from: string }
): Promise<string> {
  return writeChanges(ctx, async (tx, changes) => {
    const span = await requireAffiliation(tx, ctx.school, affiliationId)
    if (span.kind !== 'student') throw domainError('unprocessable', ['Only a student span has a year level or campus.'])
    refuseHeldElsewhere(ctx.school, 'studentSpans')
    const placement = {
      ...(move.yearLevel !== undefined ? { yearLevel: move.yearLevel } : {}),
      ...(move.campusId !== undefined ? { campusId: move.campusId } : {})
    }
    if (Object.keys(placement).length === 0) throw domainError('unprocessable', ['Give a year level or a campus.'])
    if (span.validTo !== null && move.from > span.validTo) {
      throw domainError('unprocessable', [`The span ended on ${span.validTo}; a move from ${move.from} is after it.`])
    }
    await checkPlacement(tx, ctx.school, span.kind, placement)
    if (move.from <= span.validFrom) {
      await tx.update(affiliations).set(placement).where(eq(affiliations.id, span.id))
      changes.record('affiliation.updated', 'affiliations', span.id)
      return span.id
    }
    await endAffiliation(tx, changes, ctx.school, span.id, { lastDay: addDays(move.from, -1) })
    return insertAffiliation(tx, changes, ctx.school, {
      personId: span.personId, kind: span.kind, validFrom: move.from, validTo: span.validTo,
      yearLevel: span.yearLevel, campusId: span.campusId, role: span.role, ...placement
    })
  })
}
