/**
 * What the text gateway tells Rollbook (docs/notifications.md, "Text messages"): a family's reply, and a
 * text's delivery report. Both arrive at addresses that name the school by its hook key alone
 * (notification-settings.ts, textHookUrls): a call with any other key is answered `not_found`, as an
 * unknown school is. A reply of STOP turns texts off for that number at this school, START on again;
 * nothing else a family texts is kept. A report marks its delivery delivered or failed; a report for a
 * delivery already settled (a repeat, or one that came late) changes nothing.
 */
import { timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { notificationDeliveries, schoolNotificationSettings, textOptOuts } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { timestampNow } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { e164Number } from '../../../shared/schemas/notifications'
import { readStopWord } from './texts/stop-words'
import type { DeliveryReport } from './texts/text-gateway'
import { isFailedDelivery, writeDeliveryOutcome } from './failed-deliveries'

/** The school whose hook key `key` is; `not_found` for any other. */
export async function schoolOfHookKey(database: Database, key: string | undefined): Promise<string> {
  if (!key || key.length > 64) throw domainError('not_found', ['No such address.'])
  const [row] = await database.db.select({ schoolId: schoolNotificationSettings.schoolId, key: schoolNotificationSettings.textHookKey })
    .from(schoolNotificationSettings).where(eq(schoolNotificationSettings.textHookKey, key))
  // Compared again in constant time: the index lookup alone could tell a prefix by its timing.
  if (!row || row.key.length !== key.length || !timingSafeEqual(Buffer.from(row.key), Buffer.from(key))) throw domainError('not_found', ['No such address.'])
  return row.schoolId
}

/** A family's reply: STOP or START recorded for its number; anything else ignored. What it did, for the gateway's log. */
export async function receiveTextReply(database: Database, schoolId: string, reply: { from: string
  text: string }): Promise<'stopped' | 'started' | 'ignored'> {
  const number = e164Number.safeParse(reply.from.startsWith('+') ? reply.from : `+${reply.from.replace(/^00/, '')}`)
  const meaning = readStopWord(reply.text)
  if (!number.success || !meaning) return 'ignored'
  await database.transaction(async (tx) => {
    if (meaning === 'stop') {
      await tx.insert(textOptOuts).values({ schoolId, number: number.data, stoppedAt: timestampNow() }).onConflictDoNothing()
    } else {
      await tx.delete(textOptOuts).where(and(eq(textOptOuts.schoolId, schoolId), eq(textOptOuts.number, number.data)))
    }
  })
  return meaning === 'stop' ? 'stopped' : 'started'
}

/**
 * A delivery report: `delivered` or `failed` on a text the gateway took; a pending report changes nothing.
 * A report can come before the worker has recorded the hand-over (a fast SMS centre answers within
 * milliseconds): it is kept in `reported` on the row in flight, and the hand-over takes it (channel-delivery.ts).
 */
export async function recordDeliveryReport(database: Database, schoolId: string, report: DeliveryReport): Promise<'recorded' | 'unchanged'> {
  if (report.state === 'pending') return 'unchanged'
  const reported = report.state
  const d = notificationDeliveries
  return writeDeliveryOutcome(database, schoolId, async (tx, failed) => {
    // One statement, so that on PostgreSQL it waits on the hand-over's write to the row and then sees its status:
    // a text already recorded sent takes the report's state now; one still in flight keeps it in `reported` for the
    // hand-over to take (channel-delivery.ts). A read first and a write after could each miss the other.
    const [row] = await tx.update(d).set({
      reported,
      status: sql`case when ${d.status} = 'sent' then ${reported} else ${d.status} end`,
      ...reported === 'delivered'
        ? { deliveredAt: timestampNow() }
        : { lastError: (report.summary ?? 'The gateway reported the text undelivered').slice(0, 200) }
    }).where(and(eq(d.schoolId, schoolId), eq(d.id, report.reference), eq(d.channel, 'sms'), inArray(d.status, ['queued', 'sent'])))
      .returning({ status: d.status, digestCount: d.digestCount })
    if (!row) return 'unchanged'
    const settled = row.status === reported
    const carried = settled && row.digestCount !== null
      ? await tx.update(d).set({ status: reported }).where(eq(d.digestId, report.reference)).returning({ id: d.id })
      : []
    if (settled && isFailedDelivery(reported)) failed([report.reference, ...carried.map(carriedRow => carriedRow.id)])
    return 'recorded'
  })
}
