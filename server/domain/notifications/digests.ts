/**
 * The day's digests (docs/notifications.md, "Digests"). At the school's digest time, in its zone, the notices
 * each adult chose to have gathered since their last digest become one delivery per channel: one email
 * listing their subjects, one text with a count and a link, one push per device. Each school's day is
 * gathered once, by whichever instance claims it first (its `lastDigestDay` moved in one conditional write);
 * a notice whose standing has gone since is withheld, not counted. The digest is then sent by its channel's
 * worker like any other delivery, and its outcome is passed on to the notices it carried (channel-delivery.ts).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { messageRecipients, messages, notificationDeliveries, people, schoolNotificationSettings, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { bulkInsert } from '../../../db/bulk-insert'
import { slicesOf } from '../../../db/id-slices'
import { currentTime, dayInZone } from '../days/clock'
import { requireSchool } from '../schools/find-school'
import type { SchoolRef } from '../shared/school-ref'
import { newId } from '../shared/ids'
import { stillTold } from '../messages/recipient-standing'
import { mailedMessageText, versionsOfMessages, type MessageVersion } from '../messages/message-version'
import { renderMail } from '../mail/mail-kinds'
import { sendBulkMail } from '../mail/send-mail'
import { publicUrl } from '../shared/public-url'
import { normalPriority } from './fan-out'
import type { ChannelSender, HandOver, NoticeToSend } from './channel-delivery'

/** The school's clock reading `HH:MM` in its zone at `instant`. */
function clockInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)
}

/**
 * Claims the schools whose digest time has come today and whose day was not gathered yet: each claimed
 * by one conditional write, so two instances never gather one day twice.
 */
export async function claimDueDigests(database: Database, schoolIds?: readonly string[], now = currentTime()): Promise<string[]> {
  const rows = await database.db.select({ schoolId: schoolNotificationSettings.schoolId, digestTime: schoolNotificationSettings.digestTime,
    lastDigestDay: schoolNotificationSettings.lastDigestDay, timeZone: schools.timeZone })
    .from(schoolNotificationSettings).innerJoin(schools, eq(schools.id, schoolNotificationSettings.schoolId))
    .where(schoolIds ? inArray(schoolNotificationSettings.schoolId, [...schoolIds]) : undefined)
  const claimed: string[] = []
  for (const row of rows) {
    const today = dayInZone(now, row.timeZone)
    if (row.lastDigestDay && row.lastDigestDay >= today) continue
    if (clockInZone(now, row.timeZone) < row.digestTime) continue
    const won = await database.transaction(tx => tx.update(schoolNotificationSettings).set({ lastDigestDay: today })
      .where(and(eq(schoolNotificationSettings.schoolId, row.schoolId),
        or(isNull(schoolNotificationSettings.lastDigestDay), lt(schoolNotificationSettings.lastDigestDay, today))))
      .returning({ schoolId: schoolNotificationSettings.schoolId }))
    if (won.length) claimed.push(row.schoolId)
  }
  return claimed
}

interface Held { id: string, messageId: string | null, adultId: string, childIds: string, channel: 'email' | 'sms' | 'push', target: string }

/** Gathers a school's held notices into digests; returns how many digests it queued. One write. */
export async function gatherDigests(database: Database, schoolId: string, now = currentTime()): Promise<number> {
  const school = await requireSchool(database, schoolId)
  const mails = await database.db.select({ id: messageRecipients.id, messageId: messageRecipients.messageId, adultId: messageRecipients.adultId,
    childIds: messageRecipients.childIds, target: people.email })
    .from(messageRecipients).innerJoin(people, eq(people.id, messageRecipients.adultId))
    .where(and(eq(messageRecipients.schoolId, schoolId), eq(messageRecipients.status, 'held'), isNull(messageRecipients.digestId)))
    .orderBy(asc(messageRecipients.createdAt), asc(messageRecipients.id))
  const others = await database.db.select({ id: notificationDeliveries.id, messageId: notificationDeliveries.messageId, adultId: notificationDeliveries.adultId,
    childIds: notificationDeliveries.childIds, channel: notificationDeliveries.channel, target: notificationDeliveries.target })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.schoolId, schoolId), eq(notificationDeliveries.status, 'held'), isNull(notificationDeliveries.digestId)))
    .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id))
  const held: Held[] = [
    ...mails.map(row => ({ ...row, channel: 'email' as const, target: row.target ?? '' })),
    ...others.map(row => ({ ...row, channel: row.channel }))
  ]
  if (held.length === 0) return 0
  const told = await toldToday(database, school, held, now)
  const groups = new Map<string, Held[]>()
  const withheld: Held[] = []
  for (const [i, row] of held.entries()) {
    // An adult whose address is gone since is not mailed a digest: their notices stay in the portal.
    if (!told[i] || !row.target) {
      withheld.push(row)
      continue
    }
    const key = `${row.adultId} ${row.channel} ${row.target}`
    groups.set(key, [...groups.get(key) ?? [], row])
  }
  const at = now.toISOString()
  const digests = [...groups.values()].map(rows => ({ digest: {
    id: newId('ndl'), schoolId, messageId: null, adultId: rows[0]!.adultId, channel: rows[0]!.channel, target: rows[0]!.target, childIds: '[]',
    status: 'queued' as const, priority: normalPriority, attempts: 0, nextAttemptAt: now.getTime(), leaseOwner: null, leaseUntil: null, providerId: null,
    lastError: null, digestId: null, digestCount: rows.length, sentAt: null, deliveredAt: null, createdAt: at
  }, rows }))
  await database.transaction(async (tx) => {
    await bulkInsert(tx, notificationDeliveries, digests.map(({ digest }) => digest))
    // Each notice names its digest: a few hundred rows a statement (one statement per digest was 20,000 round trips on PostgreSQL).
    const carried = digests.flatMap(({ digest, rows }) => rows.map(row => ({ id: row.id, digestId: digest.id, email: digest.channel === 'email' })))
    for (const [table, rows] of [[messageRecipients, carried.filter(row => row.email)], [notificationDeliveries, carried.filter(row => !row.email)]] as const) {
      for (const slice of slicesOf(rows, 500)) {
        await tx.update(table).set({ digestId: sql`case ${table.id} ${sql.join(slice.map(row => sql`when ${row.id} then ${row.digestId}`), sql` `)} end` })
          .where(inArray(table.id, slice.map(row => row.id)))
      }
    }
    const withheldMails = withheld.filter(row => row.channel === 'email').map(row => row.id)
    const withheldOthers = withheld.filter(row => row.channel !== 'email').map(row => row.id)
    for (const slice of slicesOf(withheldMails)) {
      await tx.update(messageRecipients).set({ status: 'withheld', sentAt: at }).where(inArray(messageRecipients.id, slice))
    }
    for (const slice of slicesOf(withheldOthers)) {
      await tx.update(notificationDeliveries).set({ status: 'withheld' }).where(inArray(notificationDeliveries.id, slice))
    }
  })
  return digests.length
}

/** Standing asked for every held notice at once, on the school's day (recipient-standing.ts), in slices. */
async function toldToday(database: Database, school: SchoolRef, rows: readonly Held[], now: Date): Promise<boolean[]> {
  const day = dayInZone(now, school.timeZone)
  const told: boolean[] = []
  for (const slice of slicesOf([...rows], 2000)) told.push(...await stillTold({ database, school }, slice, day))
  return told
}

/**
 * The subjects of the notices an email digest carries, in the reader's version, oldest first. A day's digests carry
 * the same few messages: their versions are read once per batch (`versions`, the sender's), not once per digest.
 */
async function digestSubjects(database: Database, digest: NoticeToSend, versions: Map<string, MessageVersion[]>): Promise<string[]> {
  const rows = await database.db.select({ messageId: messages.id, subject: messages.subject, body: messages.body }).from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messageRecipients.digestId, digest.row.id)).orderBy(asc(messages.createdAt), asc(messages.id))
  const unread = [...new Set(rows.map(row => row.messageId).filter(id => !versions.has(id)))]
  for (const [id, found] of await versionsOfMessages(database.db, digest.row.schoolId, unread)) versions.set(id, found)
  for (const id of unread) if (!versions.has(id)) versions.set(id, [])
  return rows.map(row => mailedMessageText(row, versions.get(row.messageId)!, digest.reader.language).subject)
}

/**
 * The email digest's sender: one mail through the school's SMTP (the mail of messages, send-mail.ts); a 5xx is a
 * bounce. The reader's language is the batch's (channel-delivery.ts reads every adult's at once).
 */
export function emailDigestSender(mailer = sendBulkMail): ChannelSender {
  const versions = new Map<string, MessageVersion[]>()
  return {
    channel: 'email',
    async handOver(notice: NoticeToSend, database: Database): Promise<HandOver> {
      const mail = renderMail('noticeDigest', notice.reader, { subjects: await digestSubjects(database, notice, versions), school: notice.school.name,
        portalUrl: publicUrl() })
      const refusal = await mailer(database, { to: notice.row.target, ...mail, messageId: `<${notice.row.id}@rollbook.invalid>` })
      return refusal ? { handed: false, permanent: refusal.permanent, summary: refusal.summary } : { handed: true }
    },
    done: () => versions.clear()
  }
}
