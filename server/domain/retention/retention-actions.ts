import { retentionActions } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { RetentionAction } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { recordedActor } from '../shared/actor'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'

export interface RetentionActionEntry {
  action: RetentionAction
  /** A retention class (`former_students`) or, for a request's erasure, `request`. */
  recordClass: string
  count: number
  /** `schedule:<class>:<months>` or `request:<id>` (db/schema/retention.ts). */
  rule: string
}

/** Records what retention did inside the transaction that did it, with no personal data: the class, a count, the rule, who approved. */
export async function recordRetentionAction(tx: Db, ctx: Pick<DomainContext, 'school' | 'actor'>, entry: RetentionActionEntry): Promise<void> {
  await tx.insert(retentionActions).values({
    id: newId('ret'), schoolId: ctx.school.id, ...entry, approvedBy: recordedActor(ctx.actor), occurredAt: timestampNow()
  })
}
