import { courtOrderKinds, courtOrderPurposes, courtOrders, type CourtOrderKind, type CourtOrderPurpose } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { checkSpanInput } from '../days/span-input'
import { closeSpan } from '../days/close-span'
import { requirePerson } from '../people/require-person'
import { domainError, validationFailed } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'
import { textOfWords, wordsOf } from '../shared/word-list'
import { assertCapability } from '../access/access'
import { changedFields, recordActivity } from '../activity/record-activity'

export interface NewCourtOrder {
  kind: CourtOrderKind
  validFrom: string
  validTo?: string | null
  /** The adult the order keeps away from the child, when it names one. */
  restrainedPersonId?: string | null
  summary?: string | null
  /** What it keeps the adult from; none for an order that names no adult. */
  purposes?: readonly CourtOrderPurpose[]
}

/** The purposes as stored: known ones, each once, in the vocabulary's order. */
function storedPurposes(purposes: readonly string[] = []): string {
  const unknown = purposes.find(purpose => !(courtOrderPurposes as readonly string[]).includes(purpose))
  if (unknown !== undefined) throw domainError('unprocessable', [`There is no court order purpose "${excerpt(unknown)}".`])
  return textOfWords(courtOrderPurposes.filter(purpose => purposes.includes(purpose)))
}

/** A court order's purposes as read back. */
export const purposesOf = (order: { purposes: string }) => wordsOf(order.purposes) as CourtOrderPurpose[]

/** Records a court order about a child inside a write (a restricted record). */
export async function insertCourtOrder(tx: Db, changes: ChangeLog, school: SchoolRef, childId: string, input: NewCourtOrder): Promise<string> {
  if (!courtOrderKinds.includes(input.kind)) throw domainError('unprocessable', [`There is no court order kind "${excerpt(input.kind)}".`])
  const span = { validFrom: input.validFrom, validTo: input.validTo ?? null }
  checkSpanInput(span)
  const purposes = storedPurposes(input.purposes)
  if (input.restrainedPersonId != null && !purposes) throw validationFailed([{ path: 'purposes', message: 'Choose what the order keeps this adult from.' }])
  await requirePerson(tx, school, childId, 'child')
  if (input.restrainedPersonId != null) await requirePerson(tx, school, input.restrainedPersonId)
  const id = newId('cto')
  await tx.insert(courtOrders).values({
    id, schoolId: school.id, childId, kind: input.kind, restrainedPersonId: input.restrainedPersonId ?? null, summary: input.summary ?? null, purposes,
    ...span, recordedAt: timestampNow()
  })
  changes.record('person.updated', 'people', childId)
  return id
}

/** Records a court order for a caller holding `restricted.read`, and says so in Activity in the same write. */
export function recordCourtOrder(ctx: DomainContext, childId: string, input: NewCourtOrder): Promise<string> {
  assertCapability(ctx, 'restricted.read')
  return writeChanges(ctx, async (tx, changes) => {
    const id = await insertCourtOrder(tx, changes, ctx.school, childId, input)
    await recordActivity(tx, ctx, {
      kind: 'restricted.changed', subjectType: 'person', subjectId: childId,
      summary: `Recorded court order ${id} about person ${childId}`,
      changes: changedFields({}, {
        kind: input.kind, restrainedPersonId: input.restrainedPersonId ?? null, purposes: storedPurposes(input.purposes), validFrom: input.validFrom,
        validTo: input.validTo ?? null
      })
    })
    return id
  })
}

/** Records the last day a court order is in force, for a caller holding `restricted.read`, and says so in Activity in the same write. */
export function endCourtOrder(ctx: DomainContext, orderId: string, lastDay: string): Promise<void> {
  assertCapability(ctx, 'restricted.read')
  return writeChanges(ctx, async (tx, changes) => {
    const order = await closeSpan(tx, ctx.school, courtOrders, orderId, lastDay, { label: 'court order' })
    changes.record('person.updated', 'people', order.childId)
    await recordActivity(tx, ctx, {
      kind: 'restricted.changed', subjectType: 'person', subjectId: order.childId,
      summary: `Ended court order ${orderId} about person ${order.childId}`, changes: changedFields({ validTo: order.validTo }, { validTo: lastDay })
    })
  })
}
