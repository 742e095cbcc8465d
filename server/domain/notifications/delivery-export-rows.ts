import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'

/** Rows read per query: one batch in memory at a time, whatever the school's size. */
const batchSize = 1000

/**
 * A withheld delivery as one without `restricted.read` is shown it (send-message.ts, recipientAsShown), since
 * every holder of `export.read` gets the same file: what a told adult's would be, so that no row tells whom
 * standing keeps from a child. Every channel keeps the moment it was withheld in `sentAt`, as a sent one's.
 */
function asShown<R extends { status: string, attempts: number }>(row: R, hasAddress: boolean): R {
  if (row.status !== 'withheld') return row
  if (!hasAddress) return { ...row, status: 'no_address' }
  return { ...row, status: 'sent', attempts: row.attempts + 1 }
}

/**
 * The `notification_deliveries` export's rows (docs/exports.md): every email (a message's recipient row),
 * then every text, push and digest, each source in keyset batches by id; an adult the school deleted is left
 * out. The address, number or device (`target`) is restricted, so it is never read here.
 */
export async function* notificationDeliveryExportRows(ctx: Pick<DomainContext, 'database' | 'school'>): AsyncGenerator<Record<string, unknown>> {
  const r = messageRecipients
  for (let after: string | undefined; ;) {
    const batch = await ctx.database.db.select({
      id: r.id, messageId: r.messageId, adultId: r.adultId, status: r.status, attempts: r.attempts, sentAt: r.sentAt, readAt: r.readAt,
      createdAt: r.createdAt, hasAddress: sql<number | string>`case when ${r.email} is null then 0 else 1 end`
    }).from(r).innerJoin(people, eq(people.id, r.adultId))
      .where(and(eq(r.schoolId, ctx.school.id), isNull(people.deletedAt), after === undefined ? undefined : gt(r.id, after)))
      .orderBy(asc(r.id)).limit(batchSize)
    for (const { hasAddress, ...row } of batch) {
      yield { ...asShown(row, Number(hasAddress) === 1), channel: 'email', digestCount: null, deliveredAt: null, providerId: null }
    }
    if (batch.length < batchSize) break
    after = batch.at(-1)!.id
  }
  const d = notificationDeliveries
  for (let after: string | undefined; ;) {
    const batch = await ctx.database.db.select({
      id: d.id, channel: d.channel, messageId: d.messageId, adultId: d.adultId, status: d.status, attempts: d.attempts, digestCount: d.digestCount,
      sentAt: d.sentAt, deliveredAt: d.deliveredAt, providerId: d.providerId, createdAt: d.createdAt
    }).from(d).innerJoin(people, eq(people.id, d.adultId))
      .where(and(eq(d.schoolId, ctx.school.id), isNull(people.deletedAt), after === undefined ? undefined : gt(d.id, after)))
      .orderBy(asc(d.id)).limit(batchSize)
    for (const row of batch) yield { ...asShown(row, true), readAt: null }
    if (batch.length < batchSize) break
    after = batch.at(-1)!.id
  }
}
