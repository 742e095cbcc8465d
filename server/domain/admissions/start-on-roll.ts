import { and, eq } from 'drizzle-orm'
import { affiliations, applicationEvents, type ApplicationEventKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { ChangeLog } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { notEndedBefore } from '../days/in-force'
import { recordedActor } from '../shared/actor'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { checkWithinAYear } from '../days/span-input'
import { insertAffiliation } from '../affiliations/open-affiliation'
import { basisPointsOfPart } from '../../../shared/basis-points'

export interface RollPlacement {
  yearLevel: string
  campusId: string | null
}

/**
 * Opens the child's student span from `startsOn`. A child already on the roll then, or due on it
 * later, is already enrolled: `conflict`, since the record moved on, not the request.
 */
export async function startOnRoll(
  tx: Db, changes: ChangeLog, ctx: DomainContext, studentId: string, startsOn: string, placement: RollPlacement
): Promise<string> {
  checkWithinAYear(ctx.school, startsOn, 'first day on the roll')
  const [enrolled] = await tx.select({ validFrom: affiliations.validFrom }).from(affiliations).where(and(
    eq(affiliations.personId, studentId), eq(affiliations.kind, 'student'),
    notEndedBefore(affiliations, startsOn)
  )).limit(1)
  if (enrolled) throw domainError('conflict', [`The child is already enrolled, on the roll from ${enrolled.validFrom}.`])
  return insertAffiliation(tx, changes, ctx.school, { personId: studentId, kind: 'student', validFrom: startsOn, ...placement })
}

/** Records that an application's child started or was withdrawn, with who recorded it. */
export async function insertApplicationEvent(
  tx: Db, ctx: DomainContext, event: { applicationId: string, personId: string, kind: ApplicationEventKind, occurredOn: string, reason?: string }
) {
  const id = newId('evt')
  await tx.insert(applicationEvents).values({
    id, schoolId: ctx.school.id, ...event, reason: event.reason ?? null, recordedAt: timestampNow(), recordedBy: recordedActor(ctx.actor)
  })
  return { id, personId: event.personId, kind: event.kind, occurredOn: event.occurredOn }
}

/** A load in (0, 1] as basis points of full time. */
export const loadBasisPoints = (load = 1) => basisPointsOfPart(load)
