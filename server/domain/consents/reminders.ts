import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm'
import type { Database } from '../../../db/client'
import { consentAskReminders, consentAsks, schools } from '../../../db/schema'
import { isUniqueViolation } from '../../../db/unique-violation'
import type { DomainContext } from '../shared/context'
import { systemContext } from '../shared/context'
import { DomainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { recordedActor } from '../shared/actor'
import { logger } from '../shared/log'
import { addDays } from '../days/calendar'
import { currentTime, dayInZone, timestampNow } from '../days/clock'
import { requireSchool } from '../schools/find-school'
import { sendMessage } from '../messages/send-message'
import { noticeMessage } from '../notifications/send-notice'
import { consentReminderWords } from '../mail/mail-kinds'
import { defaultLanguage } from '../../../shared/languages'
import { askWithPurpose } from './ask-answers'
import { askIsOpen, type AskRow, type PurposeRow } from './ask-view'
import { nextReminderOn, reminderScheduleOf, scheduledReminders, sentOn, type DueReminder } from './reminder-schedule'

type Tx = Parameters<NonNullable<DomainContext['withinWrite']>>[0]

/** What a reminder is about, as its words name it. */
const aboutOf = (ask: AskRow, purpose: PurposeRow) => ask.subject ? `${purpose.name}: ${ask.subject}` : purpose.name

/**
 * A reminder, written with its log rows in the message's own write (`withinWrite`): a reminder is on record
 * exactly when its message is, and a second instance sending the same scheduled reminder fails on the log's
 * unique (ask, due) and writes nothing.
 */
async function sendReminder(ctx: DomainContext, ask: AskRow, purpose: PurposeRow, log: (tx: Tx, messageId: string, adults: number) => Promise<void>,
  own?: { subject?: string, body?: string }) {
  const about = aboutOf(ask, purpose)
  const schoolWords = consentReminderWords(defaultLanguage, { about, closesOn: ask.closesOn })
  const message = own?.subject || own?.body
    // The office's own words, in its language: a message has one subject and body, and the notice around it is in each reader's.
    ? { subject: own.subject ?? schoolWords.subject, body: own.body ?? schoolWords.body, audience: [`ask:${ask.id}:unanswered`], askId: ask.id }
    : {
        ...noticeMessage(ctx, { kind: 'consents', audience: `ask:${ask.id}:unanswered`,
          words: language => consentReminderWords(language, { about, closesOn: ask.closesOn }) }),
        askId: ask.id
      }
  return sendMessage({
    ...ctx,
    withinWrite: async (tx, result) => {
      const sent = result as { id: string, adultCount: number }
      await log(tx, sent.id, sent.adultCount)
      await ctx.withinWrite?.(tx, result)
    }
  }, message)
}

/**
 * The office's reminder, now: to the adults with standing who have not answered for a child still at not yet
 * (`ask:<id>:unanswered`), in each adult's language unless the office wrote its own words. `audience_empty`
 * when everyone has answered.
 */
export async function remindUnanswered(ctx: DomainContext, askId: string, input: { subject?: string, body?: string }) {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const at = timestampNow()
  return sendReminder(ctx, ask, purpose, async (tx, messageId, adults) => {
    await tx.insert(consentAskReminders).values({
      id: newId('car'), schoolId: ctx.school.id, askId: ask.id, due: `now:${messageId}`, dueOn: dayInZone(new Date(at), ctx.school.timeZone), messageId,
      adults, sentBy: recordedActor(ctx.actor), sentAt: at
    })
  }, input)
}

/** An ask's reminders, newest first: scheduled and sent now alike, with how many adults each reached. */
export async function askReminders(ctx: Pick<DomainContext, 'database' | 'school'>, askId: string) {
  const { ask } = await askWithPurpose(ctx, askId)
  const rows = await ctx.database.db.select().from(consentAskReminders)
    .where(and(eq(consentAskReminders.schoolId, ctx.school.id), eq(consentAskReminders.askId, ask.id)))
    .orderBy(desc(consentAskReminders.sentAt), desc(consentAskReminders.id))
  return { items: rows.map(row => ({ due: row.due, dueOn: row.dueOn, adults: row.adults, sentBy: row.sentBy, sentAt: row.sentAt })) }
}

/**
 * The asks whose next scheduled reminder is due by today in their school's zone (docs/consents.md, "Reminders").
 * Read by `next_reminder_on` against the latest today anywhere, then each against its school's own.
 */
export async function dueReminderAsks(database: Database, schoolIds?: readonly string[], now = currentTime()): Promise<string[]> {
  const latestToday = addDays(now.toISOString().slice(0, 10), 1)
  const rows = await database.db.select({ id: consentAsks.id, nextReminderOn: consentAsks.nextReminderOn, timeZone: schools.timeZone })
    .from(consentAsks).innerJoin(schools, eq(schools.id, consentAsks.schoolId))
    .where(and(isNotNull(consentAsks.nextReminderOn), lte(consentAsks.nextReminderOn, latestToday),
      schoolIds ? inArray(consentAsks.schoolId, [...schoolIds]) : undefined))
    .orderBy(asc(consentAsks.nextReminderOn)).limit(100)
  return rows.filter(row => row.nextReminderOn! <= dayInZone(now, row.timeZone)).map(row => row.id)
}

/**
 * Sends an ask's scheduled reminders that are due: one message for all due by today (a worker that was down
 * for days does not send three at once), each due reminder logged with it, and the ask's next reminder day
 * moved on in the same write, from the day it was read (another instance that moved it first wins, and this
 * one writes nothing). An ask closed, cancelled or past its closing day reminds nobody: its next day is cleared.
 * Nobody left to remind (`audience_empty`) is logged as a reminder to none. Returns how many adults it reached.
 */
export async function sendDueReminders(database: Database, askId: string, now = currentTime()): Promise<number> {
  const [ask] = await database.db.select().from(consentAsks).where(eq(consentAsks.id, askId))
  if (!ask?.nextReminderOn) return 0
  const school = await requireSchool(database, ask.schoolId)
  const ctx = systemContext(database, school, 'consents:remind')
  const { purpose } = await askWithPurpose(ctx, ask.id)
  const today = dayInZone(now, school.timeZone)
  const schedule = scheduledReminders(reminderScheduleOf(ask), sentOn(ask, school.timeZone), ask.closesOn)
  const sentRows = await database.db.select({ due: consentAskReminders.due }).from(consentAskReminders).where(eq(consentAskReminders.askId, ask.id))
  const sent = new Set(sentRows.map(row => row.due))
  const due = schedule.filter(reminder => !sent.has(reminder.due) && reminder.dueOn <= today)
  const after = new Set([...sent, ...due.map(reminder => reminder.due)])
  const moved = askIsOpen(ask, today) ? nextReminderOn(schedule, after) : null
  if (!askIsOpen(ask, today) || due.length === 0) {
    await database.transaction(tx => tx.update(consentAsks).set({ nextReminderOn: moved })
      .where(and(eq(consentAsks.id, ask.id), eq(consentAsks.nextReminderOn, ask.nextReminderOn!))))
    return 0
  }
  const log = async (tx: Tx, messageId: string | null, adults: number) => {
    const at = timestampNow()
    await tx.insert(consentAskReminders).values(due.map((reminder: DueReminder) => ({
      id: newId('car'), schoolId: school.id, askId: ask.id, due: reminder.due, dueOn: reminder.dueOn, messageId, adults, sentBy: null, sentAt: at
    })))
    const kept = await tx.update(consentAsks).set({ nextReminderOn: moved })
      .where(and(eq(consentAsks.id, ask.id), eq(consentAsks.nextReminderOn, ask.nextReminderOn!))).returning({ id: consentAsks.id })
    if (!kept.length) throw new ReminderTaken()
  }
  try {
    const message = await sendReminder(ctx, ask, purpose, log)
    return message.adultCount
  } catch (error) {
    if (error instanceof ReminderTaken || isUniqueViolation(error)) return 0
    if (error instanceof DomainError && error.code === 'audience_empty') {
      await database.transaction(tx => log(tx, null, 0)).catch((again) => {
        if (!(again instanceof ReminderTaken || isUniqueViolation(again))) throw again
      })
      return 0
    }
    // Ids only: never whom the ask is for.
    logger.warn({ schoolId: school.id, askId: ask.id, fault: error instanceof Error ? error.name : typeof error }, 'a consent reminder could not be written')
    throw error
  }
}

/** Another instance sent this reminder first. */
class ReminderTaken extends Error {}
