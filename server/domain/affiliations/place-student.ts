import { eq } from 'drizzle-orm'
import { affiliations } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { requireAffiliation } from './find-affiliation'
import { checkPlacement } from './open-affiliation'
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
