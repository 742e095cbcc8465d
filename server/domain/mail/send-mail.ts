import { desc } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import { outboxMails } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { timestampNow } from '../shared/clock'
import { newId } from '../shared/ids'
import { logger } from '../shared/log'

export interface Mail { to: string, subject: string, text: string }

let transport: Transporter | undefined
let sender = 'Rollbook <rollbook@localhost>'

/** Sends mail through `smtpUrl` from now on; without one, mail goes to the log and the development outbox. Called once at start-up. */
export function configureMail(settings: { smtpUrl?: string, from?: string }) {
  transport = settings.smtpUrl ? createTransport(settings.smtpUrl) : undefined
  if (settings.from) sender = settings.from
}

/** Whether mail leaves the service; when not, the development outbox is served. */
export function mailIsSent(): boolean {
  return transport !== undefined
}

/** Sends one mail, or writes it to the log and the development outbox when no SMTP server is configured. */
export async function sendMail(database: Database, mail: Mail) {
  if (transport) {
    await transport.sendMail({ from: sender, to: mail.to, subject: mail.subject, text: mail.text })
    return
  }
  // Neither the address nor the mail: a sign-in code is a secret. Development reads it at /dev/outbox.
  logger.info('A mail was kept in the development outbox (/dev/outbox): no SMTP_URL is set')
  await database.transaction(tx => tx.insert(outboxMails).values({ id: newId('mail'), ...mail, createdAt: timestampNow() }))
}

/** The newest mail of the development outbox. */
export async function readOutbox(database: Database, limit = 50) {
  return database.db.select().from(outboxMails).orderBy(desc(outboxMails.createdAt), desc(outboxMails.id)).limit(limit)
}
