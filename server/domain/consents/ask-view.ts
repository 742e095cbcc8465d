import type { consentAsks, consentPurposes } from '../../../db/schema'
import { purposeView } from './consent-purposes'
import { askQuestions } from './signed-words'
import { reminderScheduleOf } from './reminder-schedule'

export type AskRow = typeof consentAsks.$inferSelect
export type PurposeRow = typeof consentPurposes.$inferSelect

/** Whether the ask takes answers today: open, and its closing day not past. */
export function askIsOpen(ask: Pick<AskRow, 'status' | 'closesOn'>, today: string): boolean {
  return ask.status === 'open' && ask.closesOn >= today
}

/** An ask as the office reads it, with its purpose and whether it takes answers today. */
export function askView(ask: AskRow, purpose: PurposeRow, today: string) {
  return {
    id: ask.id,
    purpose: purposeView(purpose),
    subject: ask.subject,
    audience: JSON.parse(ask.audience) as string[],
    closesOn: ask.closesOn,
    occasionOn: ask.occasionOn,
    answeredBy: ask.answeredBy,
    status: ask.status,
    open: askIsOpen(ask, today),
    text: ask.text,
    signature: ask.signature,
    questions: askQuestions(ask),
    reminders: reminderScheduleOf(ask),
    nextReminderOn: ask.nextReminderOn,
    signedAt: ask.signedAt,
    createdAt: ask.createdAt
  }
}
