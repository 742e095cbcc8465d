import { and, eq, isNull, like, or } from 'drizzle-orm'
import { courtOrders, people, protectionFlags } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { RetentionRecordClass } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'
import { removeLetGoDocuments } from '../absences/absence-documents'
import { personIdsUnderOpenRequest } from '../subject-access/open-requests'
import { heldPersonIds } from './legal-holds'
import { recordRetentionAction } from './retention-actions'
import { retentionClassesIn } from './read-retention-schedule'
import { scrubPerson } from './erasure-steps'

/** Why a person is erased: a class of the schedule whose period passed, or a request to erase (subject access). */
export type ErasureGround =
  | { kind: 'schedule', recordClass: RetentionRecordClass }
  | { kind: 'request', requestId: string }

/**
 * `restricted`: a protection flag or court order names them (as the child, the restrained person or a safe adult);
 * those records have their own, longer period and end in a review, so the person they name stays whole until then.
 */
export type ErasureOutcome = 'erased' | 'held' | 'under_request' | 'restricted' | 'not_found'

/** Whether a restricted record names the person: such a record is reviewed, never erased by a sweep (docs/retention.md). */
async function namedByRestrictedRecord(tx: Db, schoolId: string, personId: string): Promise<boolean> {
  const [flags, orders] = await Promise.all([
    tx.select({ id: protectionFlags.id }).from(protectionFlags).where(and(
      eq(protectionFlags.schoolId, schoolId),
      or(eq(protectionFlags.personId, personId), like(protectionFlags.safeAdultIds, `%${personId}%`))
    )).limit(1),
    tx.select({ id: courtOrders.id }).from(courtOrders)
      .where(and(eq(courtOrders.schoolId, schoolId), or(eq(courtOrders.childId, personId), eq(courtOrders.restrainedPersonId, personId)))).limit(1)
  ])
  return flags.length > 0 || orders.length > 0
}

async function ruleOf(tx: Db, schoolId: string, ground: ErasureGround): Promise<{ recordClass: string, rule: string }> {
  if (ground.kind === 'request') return { recordClass: 'request', rule: `request:${ground.requestId}` }
  const classes = await retentionClassesIn(tx, schoolId)
  const months = classes.find(each => each.recordClass === ground.recordClass)!.months
  return { recordClass: ground.recordClass, rule: `schedule:${ground.recordClass}:${months}` }
}

/**
 * Erases one person in one transaction (issue 42 point 3): their names, date of birth, contact details, notes,
 * documents and free text go (erasure-steps.ts); what others need stays as a tombstone with no personal data; the
 * person answers `not_found` everywhere from the commit on, as any deleted person does; `person.erased` (thin) tells
 * integrators to erase their copies; the erasure is counted in `retention_actions` with its rule and approver, never
 * who. Killed midway, the transaction leaves the person whole. Under the school's lock, so no write about them
 * interleaves; a few dozen statements on indexed keys, so the lock is held for milliseconds.
 * A person under a legal hold, an open subject access request (other than the erasure request that is the ground),
 * or named by a restricted record is left whole, and the outcome says why. Their absence documents are removed from
 * storage after the commit; a store that is down, or a crash between the two, leaves the keys for the nightly sweep's
 * pass (removeLetGoDocuments, docs/object-storage.md).
 */
/** Thrown inside the erasure's transaction to leave the person whole, rolling back, and say why. */
class ErasureBlocked extends Error {
  constructor(readonly outcome: Exclude<ErasureOutcome, 'erased'>) {
    super(`Erasure blocked: ${outcome}`)
  }
}

async function blockOf(tx: Db, schoolId: string, personId: string, ground: ErasureGround) {
  const [person] = await tx.select({ id: people.id, email: people.email, phone: people.phone }).from(people)
    .where(and(eq(people.id, personId), eq(people.schoolId, schoolId), isNull(people.erasedAt)))
  if (!person) return new ErasureBlocked('not_found')
  const exceptRequestId = ground.kind === 'request' ? ground.requestId : undefined
  const [held, underRequest, restricted] = await Promise.all([
    heldPersonIds(tx, schoolId, [personId]), personIdsUnderOpenRequest(tx, schoolId, [personId], exceptRequestId),
    namedByRestrictedRecord(tx, schoolId, personId)
  ])
  if (held.size) return new ErasureBlocked('held')
  if (underRequest.size) return new ErasureBlocked('under_request')
  if (restricted) return new ErasureBlocked('restricted')
  return person
}

export async function erasePerson(ctx: DomainContext, personId: string, ground: ErasureGround): Promise<ErasureOutcome> {
  const schoolId = ctx.school.id
  try {
    const { documentKeys } = await writeChanges(ctx, async (tx, changes) => {
      // Under the school's lock: no hold, request or other erasure can land between the checks and the erasure.
      const person = await blockOf(tx, schoolId, personId, ground)
      if (person instanceof ErasureBlocked) throw person
      const [scrubbed, rule] = await Promise.all([
        scrubPerson(tx, schoolId, person, { now: timestampNow(), actor: recordedActor(ctx.actor) }), ruleOf(tx, schoolId, ground)
      ])
      await recordRetentionAction(tx, ctx, { action: 'erased', count: 1, ...rule })
      changes.record('person.erased', 'people', personId)
      return scrubbed
    })
    if (documentKeys.length) await removeLetGoDocuments(ctx, documentKeys)
    return 'erased'
  } catch (error) {
    if (error instanceof ErasureBlocked) return error.outcome
    throw error
  }
}
