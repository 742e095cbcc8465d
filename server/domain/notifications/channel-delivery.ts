/**
 * The text, push and digest workers (docs/notifications.md, "Delivery"): one queue per channel over
 * `notification_deliveries`, so a gateway's outage holds its own queue and never the mail's or the
 * push services'. Each claims a few due rows under a lease, emergencies first (priority 0), and sends
 * them one at a time, recording each outcome in its own transaction the moment the gateway answers: a
 * server killed mid-send has recorded every hand-over but at most the one it was reading (at least once
 * across the gateway's boundary; the gateway's id is kept, so a report or a repeat is known).
 *
 * Standing is asked again as each notice goes (the rule of the mail, recipient-standing.ts); a digest was
 * asked when it was gathered (digests.ts). A refusal for good is `bounced`; anything else is retried with
 * backoff and given up (`failed`) after the last attempt. A digest's outcome is its notices' too. Nothing of
 * the notice, the number, the endpoint or the child is written to the log: ids and counts only.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import { messageRecipients, messages, notificationDeliveries, people } from '../../../db/schema'
import type { ClaimQueue } from '../../../db/claim-rows'
import { releaseRow, renewLease } from '../../../db/claim-rows'
import type { Database, Db } from '../../../db/client'
import type { NotificationChannel } from '../../../shared/vocabulary'
import type { SchoolRef } from '../shared/school-ref'
import { dayInZone } from '../days/clock'
import { stillTold } from '../messages/recipient-standing'
import { requireSchool } from '../schools/find-school'
import { backoffMs, claimWork, workerOwner, type WorkerLease } from '../workers/worker-driver'
import { compareText } from '../shared/compare-text'
import { logger } from '../shared/log'
import { mailLanguage } from '../mail/mail-reader'
import type { MailReader } from '../mail/mail-kinds'
import { mailedMessageText, versionsOfMessages, type MessageVersion } from '../messages/message-version'
import { isFailedDelivery, writeDeliveryOutcome, type NoteFailedDeliveries } from './failed-deliveries'

export type Delivery = typeof notificationDeliveries.$inferSelect

/** What a channel's sender says of one hand-over. */
export type HandOver =
  | { handed: true, providerId?: string }
  | { handed: false, permanent: boolean, summary: string }

/** A notice as a channel's sender needs it: the school, the adult's language and version of the message, or a digest's count. */
export interface NoticeToSend {
  row: Delivery
  school: SchoolRef
  reader: MailReader
  /** The message in the adult's version; absent for a digest. */
  message?: { id: string, subject: string, emergency: boolean }
}

/** One channel's way of handing a notice over (texts.ts, pushes.ts, email digests in digests.ts). */
export interface ChannelSender {
  channel: NotificationChannel
  handOver(notice: NoticeToSend, database: Database): Promise<HandOver>
  /** Called once a batch ends, to free what the batch held (a gateway's connection). */
  done?(): void
}

/** A delivery is given up after this many attempts: retries at 1, 2, 4 … minutes, a little over four hours in all. */
export const maximumDeliveryAttempts = 8

const claimBatch = 10

export function deliveryQueue(channel: NotificationChannel, schoolIds?: readonly string[]): ClaimQueue<typeof notificationDeliveries> {
  const d = notificationDeliveries
  return {
    table: d,
    id: d.id,
    leaseOwner: d.leaseOwner,
    leaseUntil: d.leaseUntil,
    ready: now => and(eq(d.channel, channel), eq(d.status, 'queued'), lte(d.nextAttemptAt, now), schoolIds ? inArray(d.schoolId, [...schoolIds]) : undefined),
    order: [asc(d.priority), asc(d.nextAttemptAt), asc(d.id)],
    // A claim lost in a crash of the database is a notice sent again, as an outcome lost is (failed-deliveries.ts).
    relaxedCommit: true
  }
}

export interface ChannelWorkerOptions {
  owner?: string
  leaseMs?: number
  now?: () => number
  schoolIds?: readonly string[]
  stopping?: () => boolean
}

export interface ChannelWorker {
  database: Database
  owner: string
  now: () => number
  stopping: () => boolean
  sender: ChannelSender
  queue: ClaimQueue<typeof notificationDeliveries>
  lease: WorkerLease
}

export function settleChannelWorker(database: Database, sender: ChannelSender, options: ChannelWorkerOptions = {}): ChannelWorker {
  const owner = options.owner ?? workerOwner()
  const now = options.now ?? Date.now
  const stopping = options.stopping ?? (() => false)
  return {
    database, owner, now, stopping, sender,
    queue: deliveryQueue(sender.channel, options.schoolIds),
    lease: { owner, leaseMs: options.leaseMs ?? 60_000, now, stopping }
  }
}

export async function claimDeliveries(worker: ChannelWorker): Promise<Delivery[]> {
  const claimed = await claimWork(worker.database, worker.queue, worker.lease, claimBatch)
  return claimed.sort((a, b) => a.priority - b.priority || a.nextAttemptAt - b.nextAttemptAt || compareText(a.id, b.id))
}

/** The outcome a digest passes on to the notices it carried: the mail's recipient rows or the channel's held rows. */
async function passOnToDigested(tx: Db, digest: Delivery, changes: Partial<Delivery>, failed: NoteFailedDeliveries) {
  if (!changes.status || changes.status === 'queued') return
  if (digest.channel === 'email') {
    const status = changes.status === 'delivered' ? 'sent' : changes.status === 'withheld' ? 'withheld' : changes.status
    const carried = await tx.update(messageRecipients).set({ status, sentAt: changes.sentAt ?? null, lastError: changes.lastError ?? null,
      attempts: changes.attempts ?? digest.attempts })
      .where(eq(messageRecipients.digestId, digest.id)).returning({ id: messageRecipients.id })
    if (isFailedDelivery(status)) failed(carried.map(row => row.id))
    return
  }
  const carried = await tx.update(notificationDeliveries).set({ status: changes.status, sentAt: changes.sentAt ?? null, lastError: changes.lastError ?? null,
    providerId: changes.providerId ?? null })
    .where(eq(notificationDeliveries.digestId, digest.id)).returning({ id: notificationDeliveries.id })
  if (isFailedDelivery(changes.status)) failed(carried.map(row => row.id))
}

/** Records one outcome on a row this worker holds, freeing it; false when the row is no longer ours. */
export function recordHandOver(database: Database, queue: ClaimQueue<typeof notificationDeliveries>, row: Delivery, owner: string,
  outcome: HandOver | 'withheld', now: number) {
  const attempts = row.attempts + 1
  const changes: Partial<Delivery> = outcome === 'withheld'
    // The moment it would have gone, as a withheld mail keeps it: shown to the office as a sent one's (send-message.ts, recipientAsShown).
    ? { status: 'withheld', lastError: null, sentAt: new Date(now).toISOString() }
    : outcome.handed
      ? { status: 'sent', attempts, providerId: outcome.providerId ?? null, sentAt: new Date(now).toISOString(), lastError: null }
      : outcome.permanent
        ? { status: 'bounced', attempts, lastError: outcome.summary }
        : attempts >= maximumDeliveryAttempts
          ? { status: 'failed', attempts, lastError: outcome.summary }
          : { attempts, lastError: outcome.summary, nextAttemptAt: now + backoffMs(attempts, { firstMs: 60_000, longestMs: 60 * 60_000 }) }
  return writeDeliveryOutcome(database, row.schoolId, async (tx, failed) => {
    const held = await releaseRow(tx, queue, row.id, owner, changes)
    if (held && changes.status === 'sent' && row.channel === 'sms') {
      // A delivery report that came while the hand-over was in flight (text-replies.ts) settles it now.
      // One statement: on PostgreSQL it waits on a report's write to the row, and sees what it kept (text-replies.ts).
      const [settled] = await tx.update(notificationDeliveries).set({ status: sql`${notificationDeliveries.reported}` })
        .where(and(eq(notificationDeliveries.id, row.id), eq(notificationDeliveries.status, 'sent'), isNotNull(notificationDeliveries.reported)))
        .returning({ status: notificationDeliveries.status })
      if (settled) changes.status = settled.status
    }
    if (held && isFailedDelivery(changes.status)) failed([row.id])
    if (held && row.digestCount !== null) await passOnToDigested(tx, row, changes, failed)
    return held
  })
}

interface BatchReads {
  /** Whether each notice of the batch may still be told (readBatch). */
  told: Map<string, boolean>
  readers: Map<string, MailReader>
  schools: Map<string, SchoolRef>
  messages: Map<string, { subject: string, body: string, emergency: boolean, versions: MessageVersion[] }>
}

async function schoolOf(database: Database, reads: BatchReads, schoolId: string) {
  let school = reads.schools.get(schoolId)
  if (!school) {
    school = await requireSchool(database, schoolId)
    reads.schools.set(schoolId, school)
  }
  return school
}

async function messageOf(database: Database, reads: BatchReads, row: Delivery) {
  let message = reads.messages.get(row.messageId!)
  if (!message) {
    const [found] = await database.db.select({ subject: messages.subject, body: messages.body, emergency: messages.emergency }).from(messages)
      .where(eq(messages.id, row.messageId!))
    if (!found) throw new Error(`The message ${row.messageId} is not there`)
    message = { ...found, emergency: found.emergency === 1, versions: (await versionsOfMessages(database.db, row.schoolId,
      [row.messageId!])).get(row.messageId!) ?? [] }
    reads.messages.set(row.messageId!, message)
  }
  return message
}

/**
 * What a batch asks once for all its rows: standing on the children each notice was reached through, on the school's
 * day (recipient-standing.ts, the portal's rule), and each adult's language as it is now. A batch is sent within
 * seconds of its claim, so the answer holds for its notices as it does for a mail asked the moment before it goes.
 */
async function readBatch(database: Database, reads: BatchReads, claimed: readonly Delivery[], now: number) {
  for (const schoolId of new Set(claimed.map(row => row.schoolId))) {
    const school = await schoolOf(database, reads, schoolId)
    const rows = claimed.filter(row => row.schoolId === schoolId)
    const notices = rows.filter(row => row.messageId)
    const told = await stillTold({ database, school }, notices, dayInZone(new Date(now), school.timeZone))
    notices.forEach((row, i) => reads.told.set(row.id, told[i]!))
    const adults = await database.db.select({ id: people.id, preferredLanguage: people.preferredLanguage }).from(people)
      .where(and(eq(people.schoolId, schoolId), inArray(people.id, [...new Set(rows.map(row => row.adultId))])))
    const preferred = new Map(adults.map(adult => [adult.id, adult.preferredLanguage]))
    for (const row of rows) reads.readers.set(row.adultId, { language: mailLanguage(school, preferred.get(row.adultId)), timeZone: school.timeZone })
  }
}

async function deliver(worker: ChannelWorker, row: Delivery, reads: BatchReads): Promise<boolean> {
  const { database, owner, now } = worker
  const school = await schoolOf(database, reads, row.schoolId)
  if (row.messageId && !reads.told.get(row.id)) return recordHandOver(database, worker.queue, row, owner, 'withheld', now())
  const reader = reads.readers.get(row.adultId)!
  let message: NoticeToSend['message']
  if (row.messageId) {
    const found = await messageOf(database, reads, row)
    message = { id: row.messageId, subject: mailedMessageText(found, found.versions, reader.language).subject, emergency: found.emergency }
  }
  const outcome = await worker.sender.handOver({ row, school, reader, message }, database)
  return recordHandOver(database, worker.queue, row, owner, outcome, now())
}

const workerFaultSummary = 'Not sent: the delivery worker failed on this notice (see the server log)'

/**
 * Sends a claimed batch one notice at a time (the rule of the mail worker, message-delivery.ts): each
 * row's lease renewed before it goes, the batch ended at the first row no longer ours, a fault on one row
 * a failed attempt of that row alone, the rows not reached before a stop freed at once.
 */
export async function sendDeliveryBatch(worker: ChannelWorker, claimed: Delivery[]): Promise<number> {
  const { database, owner, now } = worker
  const reads: BatchReads = { schools: new Map(), messages: new Map(), told: new Map(), readers: new Map() }
  let attempted = 0
  try {
    await readBatch(database, reads, claimed, now())
    for (const [i, row] of claimed.entries()) {
      if (worker.stopping()) {
        await database.transaction(async (tx) => {
          for (const left of claimed.slice(i)) await releaseRow(tx, worker.queue, left.id, owner)
        })
        return attempted
      }
      // Renewed only once half its lease from the claim has run: until then no other worker can hold it, and one write
      // fewer per notice is what lets an emergency's ten thousand go in time (docs/performance.md, "Notifications").
      const leaseLeft = (row.leaseUntil ?? 0) - now()
      if (leaseLeft < worker.lease.leaseMs / 2 && !await renewLease(database, worker.queue, row.id, { owner, leaseMs: worker.lease.leaseMs, now: now() })) {
        return attempted
      }
      let held: boolean
      try {
        held = await deliver(worker, row, reads)
      } catch (fault) {
        const attempts = row.attempts + 1
        logger.warn({ task: `${worker.sender.channel}:deliver`, schoolId: row.schoolId, messageId: row.messageId, deliveryId: row.id, attempts,
          gaveUp: attempts >= maximumDeliveryAttempts, fault: fault instanceof Error ? fault.name : typeof fault }, 'a notification delivery failed')
        held = await recordHandOver(database, worker.queue, row, owner, { handed: false, permanent: false, summary: workerFaultSummary }, now())
      }
      attempted++
      if (!held) return attempted
    }
    return attempted
  } finally {
    worker.sender.done?.()
  }
}
