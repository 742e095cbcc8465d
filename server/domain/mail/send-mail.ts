import { desc } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import { outboxMails } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { timestampNow } from '../days/clock'
import { newId } from '../shared/ids'
import { logger } from '../shared/log'
import type { RenderedMail } from './render-mail'

/** A mail rendered in its reader's language (mail-kinds.ts) and its address. */
export interface Mail extends RenderedMail { to: string }

let transport: Transporter | undefined
/**
 * Messages to families go out in bulk: pooled connections, reused mail after mail. The message queue sends on one at
 * a time; an emergency's queue on four at once besides (messages/delivery-queue.ts).
 */
let bulkTransport: Transporter | undefined
let sender = 'Rollbook <rollbook@localhost>'

/** Sends mail through `smtpUrl` from now on; without one, mail goes to the log and the development outbox. Called once at start-up. */
export function configureMail(settings: { smtpUrl?: string, from?: string }) {
  transport = settings.smtpUrl ? createTransport(settings.smtpUrl) : undefined
  bulkTransport?.close()
  bulkTransport = settings.smtpUrl
    ? createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 5 } as Parameters<typeof createTransport>[0])
    : undefined
  if (settings.from) sender = settings.from
}

/** One email of a message to families, under a Message-ID of its delivery's own. */
export interface BulkMail extends Mail { messageId: string }

/** Why the mail server did not take a mail: `permanent` for a 5xx answer (the address bounced), otherwise worth a retry. */
export interface MailRefusal { permanent: boolean, summary: string }

/**
 * Hands one email of a message to the mail server (the same SMTP settings as sign-in codes); without
 * one, to the development outbox, quietly, as a message may have thousands. A refusal comes back,
 * never thrown: its summary is the server's code and first line.
 */
export async function sendBulkMail(database: Database, mail: BulkMail): Promise<MailRefusal | undefined> {
  if (!bulkTransport) {
    await keepInOutbox(database, mail)
    return undefined
  }
  try {
    await bulkTransport.sendMail({ ...smtpMessage(mail), messageId: mail.messageId })
    return undefined
  } catch (error) {
    const { responseCode, code } = error as { responseCode?: number, code?: string }
    const response = String((error as { response?: string }).response ?? '').split('\n')[0]!.slice(0, 200)
    return {
      permanent: typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600,
      summary: responseCode ? response || String(responseCode) : (code ?? 'connection failed')
    }
  }
}

/** What nodemailer sends: both parts, and the language of the mail's words (RFC 3282), which a mail client may use to read it aloud or offer a translation. */
function smtpMessage(mail: Mail) {
  return { from: sender, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: { 'Content-Language': mail.language } }
}

function keepInOutbox(database: Database, mail: Mail) {
  const { to, subject, text, html, language } = mail
  return database.transaction(tx => tx.insert(outboxMails).values({ id: newId('mail'), to, subject, text, html, language, createdAt: timestampNow() }))
}

/** Whether mail leaves the service; when not, the development outbox is served. */
export function mailIsSent(): boolean {
  return transport !== undefined
}

/** Sends one mail, or writes it to the log and the development outbox when no SMTP server is configured. */
export async function sendMail(database: Database, mail: Mail) {
  if (transport) {
    await transport.sendMail(smtpMessage(mail))
    return
  }
  // Neither the address nor the mail: a sign-in code is a secret. Development reads it at /dev/outbox.
  logger.info('A mail was kept in the development outbox (/dev/outbox): no SMTP_URL is set')
  await keepInOutbox(database, mail)
}

/** The newest mail of the development outbox. */
export async function readOutbox(database: Database, limit = 50) {
  return database.db.select().from(outboxMails).orderBy(desc(outboxMails.createdAt), desc(outboxMails.id)).limit(limit)
}
