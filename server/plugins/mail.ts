import { defineNitroPlugin } from 'nitropack/runtime'
import { configureMail } from '../domain/mail/send-mail'

/** Mail goes through `SMTP_URL` (from `MAIL_FROM`) when set; otherwise to the log and the development outbox. Read once, at start-up. */
export default defineNitroPlugin(() => {
  configureMail({ smtpUrl: process.env.SMTP_URL || undefined, from: process.env.MAIL_FROM || undefined })
})
