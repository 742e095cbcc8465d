import type { ReminderSchedule } from '../../../shared/schemas/consents'
import { addDays } from '../days/calendar'
import { dayInZone } from '../days/clock'
import type { consentAsks } from '../../../db/schema'

type AskRow = typeof consentAsks.$inferSelect

/** One scheduled reminder of an ask: `after:3` three days after it was sent, `before:1` the day before it closes. */
export interface DueReminder { due: string, dueOn: string }

export function reminderScheduleOf(ask: Pick<AskRow, 'reminderSchedule'>): ReminderSchedule {
  return JSON.parse(ask.reminderSchedule) as ReminderSchedule
}

/** The day the ask was sent, in the school's zone. */
export function sentOn(ask: Pick<AskRow, 'createdAt'>, timeZone: string): string {
  return dayInZone(new Date(ask.createdAt), timeZone)
}

/**
 * The ask's scheduled reminders in day order: each after the day it was sent and on or before its
 * closing day (a reminder due before the ask went, or after it closes, has nobody to remind).
 */
export function scheduledReminders(schedule: ReminderSchedule, sent: string, closesOn: string): DueReminder[] {
  const due = [
    ...schedule.afterSending.map(days => ({ due: `after:${days}`, dueOn: addDays(sent, days) })),
    ...schedule.beforeClosing.map(days => ({ due: `before:${days}`, dueOn: addDays(closesOn, -days) }))
  ]
  return due.filter(reminder => reminder.dueOn > sent && reminder.dueOn <= closesOn)
    .sort((a, b) => a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.due < b.due ? -1 : 1)
}

/** The next day a reminder of the schedule is due that was not yet sent (`sent` holds their `due`), or null. */
export function nextReminderOn(reminders: readonly DueReminder[], sent: ReadonlySet<string>): string | null {
  return reminders.find(reminder => !sent.has(reminder.due))?.dueOn ?? null
}
