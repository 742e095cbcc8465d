/**
 * The message delivery worker (docs/messages.md, "Delivery"). Its queue is `message_recipients`: a
 * worker claims a few pending rows under a lease (db/claim-rows.ts), sends them one at a time through
 * one pooled SMTP connection, and records each outcome in its own transaction the moment the mail
 * server answers, before the next mail starts. So a server killed mid-send has recorded every mail
 * the mail server had accepted, except at most the one whose acceptance it was reading when it died;
 * the rows it still held are sent by whichever worker claims them once their lease ends. A 5xx is a
 * bounce, recorded and shown; anything else is retried with backoff, and given up (`failed`) after
 * the last attempt. Nothing of the message or the child is written to the log: ids and counts only.
 *
 * Mail follows standing at the moment it goes: as each batch of ten goes the worker asks the standing the
 * message's kind asks (noticeStandingPurpose: `messages` for most) on the children each adult was reached
 * through, today, and a recipient with standing on none of them now (a court order or protection flag
 * recorded since, a responsibility ended), or a row queued before recipients kept their children, is
 * recorded `withheld` and never sent, with no reason kept anywhere (docs/messages.md, "Delivery"). The
 * portal's Messages decide by the same function (recipient-standing.ts).
 *
 * Each adult is mailed the version in their preferred language, or the school's original opened by one
 * line in their language saying no translation was given (message-version.ts).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { messageRecipients, messages, people, schools } from '../../../db/schema'
import type { ClaimQueue } from '../../../db/claim-rows'
import { releaseRow, renewLease } from '../../../db/claim-rows'
import type { Database } from '../../../db/client'
import { sendBulkMail, type BulkMail, type MailRefusal } from '../mail/send-mail'
import { renderMail, type MailReader } from '../mail/mail-kinds'
import { mailLanguage } from '../mail/mail-reader'
import type { SchoolRef } from '../shared/school-ref'
import { dayInZone } from '../days/clock'
import { stillTold } from './recipient-standing'
import { mailedMessageText, versionsOfMessages, type MessageVersion } from './message-version'
import { requireSchool } from '../schools/find-school'
import { backoffMs, claimWork, workerOwner, type WorkerLease } from '../workers/worker-driver'
import { publicUrl } from '../shared/public-url'
import { compareText } from '../shared/compare-text'
import { logger } from '../shared/log'
import { isFailedDelivery, writeDeliveryOutcome } from '../notifications/failed-deliveries'
import { emergencyPriority } from '../notifications/fan-out'

type Recipient = typeof messageRecipients.$inferSelect

/** A delivery is given up after this many attempts: retries at 1, 2, 4 … minutes, a little over four hours in all. */
export const maximumMessageAttempts = 8

/** How long after its `failures`-th failure a delivery is tried again: one minute, doubling, at most an hour. */
export function messageRetryDelayMs(failures: number): number {
  return backoffMs(failures, { firstMs: 60_000, longestMs: 60 * 60_000 })
}

export interface MessageWorkerOptions {
  owner?: string
  /** How long claimed rows are held without news (default 60 s); what a killed worker's rows wait. */
  leaseMs?: number
  now?: () => number
  /** Only these schools' messages (a test server sends only its own test's). */
  schoolIds?: readonly string[]
  /** Only emergencies' mail (the emergency queue, delivery-queue.ts); otherwise every mail due, emergencies first. */
  emergenciesOnly?: boolean
  stopping?: () => boolean
  /** Stands in for sendBulkMail in tests. */
  mailer?: (database: Database, mail: BulkMail) => Promise<MailRefusal | undefined>
}

/** Rows claimed at once: few, so that a killed worker leaves few rows waiting for their lease. */
const claimBatch = 10

function recipientQueue(schoolIds: readonly string[] | undefined, emergenciesOnly = false): ClaimQueue<typeof messageRecipients> {
  const r = messageRecipients
  return {
    table: r,
    id: r.id,
    leaseOwner: r.leaseOwner,
    leaseUntil: r.leaseUntil,
    ready: now => and(eq(r.status, 'pending'), emergenciesOnly ? eq(r.priority, emergencyPriority) : undefined, lte(r.nextAttemptAt, now),
      schoolIds ? inArray(r.schoolId, [...schoolIds]) : undefined),
    // An emergency's mail (priority 0) before any other that is due (docs/notifications.md, "Emergencies").
    order: [asc(r.priority), asc(r.nextAttemptAt), asc(r.id)],
    // A claim lost in a crash of the database is a mail sent again, as an outcome lost is (failed-deliveries.ts).
    relaxedCommit: true
  }
}

/** The email of a message: the body as written, wrapped in the reader's language with where to read it in the portal (mail-kinds.ts). */
export function messageMail(
  message: { subject: string, body: string, note?: string }, school: { name: string }, to: string, recipientId: string, portalUrl: string, reader: MailReader
): BulkMail {
  const notice = renderMail('messageNotice', reader, { ...message, school: school.name, portalUrl })
  return { to, ...notice, messageId: `<${recipientId}@rollbook.invalid>` }
}

/** Records one attempt's outcome on a row this worker holds, freeing it; false when the row is no longer ours. */
async function recordAttempt(database: Database, row: Recipient, owner: string, refusal: MailRefusal | undefined, now: number) {
  const attempts = row.attempts + 1
  const changes: Partial<Recipient> = refusal
    ? refusal.permanent
      ? { status: 'bounced', attempts, lastError: refusal.summary }
      : attempts >= maximumMessageAttempts
        ? { status: 'failed', attempts, lastError: refusal.summary }
        : { attempts, lastError: refusal.summary, nextAttemptAt: now + messageRetryDelayMs(attempts) }
    : { status: 'sent', attempts, sentAt: new Date(now).toISOString(), lastError: null }
  return writeDeliveryOutcome(database, row.schoolId, async (tx, failed) => {
    const held = await releaseRow(tx, recipientQueue(undefined), row.id, owner, changes)
    if (held && isFailedDelivery(changes.status)) failed([row.id])
    return held
  })
}

/**
 * Records a recipient whose standing has gone as withheld, freeing the row: no attempt, no reason. It
 * keeps the moment it would have gone in `sentAt`, which the office is shown as the mail's sending when
 * it may not know who is withheld (send-message.ts, recipientAsShown).
 */
function recordWithheld(database: Database, row: Recipient, owner: string, now: number) {
  return database.transaction(tx =>
    releaseRow(tx, recipientQueue(undefined), row.id, owner, { status: 'withheld', lastError: null, sentAt: new Date(now).toISOString() }))
}

interface Settled {
  database: Database
  owner: string
  now: () => number
  stopping: () => boolean
  mailer: NonNullable<MessageWorkerOptions['mailer']>
  queue: ClaimQueue<typeof messageRecipients>
  lease: WorkerLease
}

/** The worker's settings with their defaults. */
export function settleMessageWorker(database: Database, options: MessageWorkerOptions = {}): Settled {
  const owner = options.owner ?? workerOwner()
  const now = options.now ?? Date.now
  const stopping = options.stopping ?? (() => false)
  return {
    database, owner, now, stopping,
    mailer: options.mailer ?? sendBulkMail,
    queue: recipientQueue(options.schoolIds, options.emergenciesOnly),
    lease: { owner, leaseMs: options.leaseMs ?? 60_000, now, stopping }
  }
}

/** Claims a few pending deliveries (none once stopping), oldest due first. */
export async function claimMessageBatch(worker: Settled): Promise<Recipient[]> {
  const claimed = await claimWork(worker.database, worker.queue, worker.lease, claimBatch)
  return claimed.sort((a, b) => a.priority - b.priority || a.nextAttemptAt - b.nextAttemptAt || compareText(a.id, b.id))
}

/** What a batch reads once and keeps for its rows: a school, a message (a loop lives as long as the process, so nothing is kept longer). */
interface BatchReads {
  told: Map<string, boolean>
  readers: Map<string, MailReader>
  schools: Map<string, SchoolRef>
  messages: Map<string, { subject: string, body: string, schoolName: string, versions: MessageVersion[] }>
}

/**
 * What a batch asks once for all its rows, in the school's zone today: whether each recipient may still be told
 * (recipient-standing.ts, the portal's rule; a row keeping no children is withheld) and each adult's language as it is now. A batch of ten is sent
 * within seconds of the question, so the answer holds for each mail as it did when each asked it alone.
 */
async function readBatch(database: Database, reads: BatchReads, claimed: readonly Recipient[], now: number) {
  for (const schoolId of new Set(claimed.map(row => row.schoolId))) {
    const school = await schoolOf(database, reads, schoolId)
    const rows = claimed.filter(row => row.schoolId === schoolId)
    const told = await stillTold({ database, school }, rows, dayInZone(new Date(now), school.timeZone))
    rows.forEach((row, i) => reads.told.set(row.id, told[i]!))
    const adults = await database.db.select({ id: people.id, preferredLanguage: people.preferredLanguage }).from(people)
      .where(and(eq(people.schoolId, schoolId), inArray(people.id, [...new Set(rows.map(row => row.adultId))])))
    const preferred = new Map(adults.map(adult => [adult.id, adult.preferredLanguage]))
    for (const row of rows) reads.readers.set(row.adultId, { language: mailLanguage(school, preferred.get(row.adultId)), timeZone: school.timeZone })
  }
}

async function schoolOf(database: Database, reads: BatchReads, schoolId: string): Promise<SchoolRef> {
  let school = reads.schools.get(schoolId)
  if (!school) {
    school = await requireSchool(database, schoolId)
    reads.schools.set(schoolId, school)
  }
  return school
}

/** Sends one claimed recipient's mail, or records it withheld; false when the row turned out no longer ours at the record. */
async function deliverRecipient(worker: Settled, row: Recipient, reads: BatchReads): Promise<boolean> {
  const { database, owner, now } = worker
  const at = now()
  if (!reads.told.get(row.id)) return recordWithheld(database, row, owner, at)
  let message = reads.messages.get(row.messageId)
  if (!message) {
    const [found] = await database.db.select({ subject: messages.subject, body: messages.body, schoolName: schools.name }).from(messages)
      .innerJoin(schools, eq(schools.id, messages.schoolId)).where(eq(messages.id, row.messageId))
    if (!found) throw new Error(`The message ${row.messageId} is not there`)
    message = { ...found, versions: (await versionsOfMessages(database.db, row.schoolId, [row.messageId])).get(row.messageId) ?? [] }
    reads.messages.set(row.messageId, message)
  }
  // The adult's language as it is when the batch goes (one the school offers: it keeps a language someone prefers), as
  // the portal shows the message in it: their version of the message, in a notice in their words.
  const reader = reads.readers.get(row.adultId)!
  const text = mailedMessageText(message, message.versions, reader.language)
  const refusal = await worker.mailer(database, messageMail(text, { name: message.schoolName }, row.email!, row.id, publicUrl(), reader))
  return recordAttempt(database, row, owner, refusal, now())
}

/** What a row's `lastError` says of a fault of the worker's own: never the fault's text, which may carry an address or a name. */
const workerFaultSummary = 'Not sent: the delivery worker failed on this mail (see the server log)'

/**
 * Sends a claimed batch one mail at a time, each outcome recorded as the mail server answers; returns
 * how many were attempted (a recipient withheld counts as one). Rows not reached before a stop are
 * freed for another worker at once.
 *
 * The batch is claimed under one lease, which a slow mail server may outlast: so a row whose lease has
 * run past half is renewed before its mail goes, and the batch ends at the first row no longer this worker's (another
 * worker took it over, and the rows after it are that worker's or free). A fault on one row (its
 * message, a mailer that throws) is a failed attempt of that row, with the
 * backoff and the last attempt as for any other failure, and the batch goes on: a faulty row never
 * stalls the rows behind it. The log names the row by its ids alone.
 */
export async function sendMessageBatch(worker: Settled, claimed: Recipient[]): Promise<number> {
  const { database, owner, now } = worker
  const reads: BatchReads = { schools: new Map(), messages: new Map(), told: new Map(), readers: new Map() }
  let attempted = 0
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
      held = await deliverRecipient(worker, row, reads)
    } catch (fault) {
      const attempts = row.attempts + 1
      logger.warn({ task: 'messages:deliver', schoolId: row.schoolId, messageId: row.messageId, recipientId: row.id, attempts,
        gaveUp: attempts >= maximumMessageAttempts, fault: fault instanceof Error ? fault.name : typeof fault }, 'a message delivery failed')
      held = await recordAttempt(database, row, owner, { permanent: false, summary: workerFaultSummary }, now())
    }
    attempted++
    if (!held) return attempted
  }
  return attempted
}
