/**
 * `notification.failed` (docs/events.md): announced in the transaction that records a delivery's outcome,
 * whenever an email, text, push or digest becomes `bounced` or `failed`. Like every event it carries the
 * table and the id alone (`notification_deliveries`, the delivery's `ndl_…` or, for an email, the message
 * recipient's `mrc_…`, both rows of the export of that name), never an address, a number, an endpoint or a
 * text: the consumer reads the rest where its scopes let it.
 */
import type { Database, Db } from '../../../db/client'
import { commitWithoutWaitingForDisk } from '../../../db/relaxed-commit'
import { announceOutboxCommit } from '../shared/outbox-signal'
import { recordChangesInWorkerWrite } from '../shared/write-changes'

/** The outcomes that are announced: a refusal for good, or the last attempt given up. */
export function isFailedDelivery(status: string | null | undefined): status is 'bounced' | 'failed' {
  return status === 'bounced' || status === 'failed'
}

/** Notes deliveries (by id) that became bounced or failed in the write; each is announced once, with the write. */
export type NoteFailedDeliveries = (ids: readonly string[]) => void

/**
 * A delivery worker's write: `work` records an outcome in one transaction and notes the deliveries it made
 * bounced or failed; their events are written in that transaction, and the outbox's listeners (the webhook
 * worker) told once it has committed. PostgreSQL answers its commit before the disk has it (relaxed-commit.ts):
 * an outcome lost in a crash of the database is a notice sent again.
 */
export async function writeDeliveryOutcome<T>(database: Database, schoolId: string, work: (tx: Db, failed: NoteFailedDeliveries) => Promise<T>): Promise<T> {
  const ids: string[] = []
  const result = await database.transaction(async (tx) => {
    await commitWithoutWaitingForDisk(database, tx)
    const done = await work(tx, noted => void ids.push(...noted))
    await recordChangesInWorkerWrite(tx, schoolId, { kind: 'system', name: 'notifications:deliver' },
      ids.map(id => ({ kind: 'notification.failed', tableName: 'notification_deliveries', recordId: id })))
    return done
  })
  if (ids.length) announceOutboxCommit(schoolId)
  return result
}
