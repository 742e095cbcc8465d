import { eq } from 'drizzle-orm'
import { consentAskReminders, consentAsks } from '../../../db/schema'
import type { ReminderSchedule } from '../../../shared/schemas/consents'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { askWithPurpose } from './ask-answers'
import { askView } from './ask-view'
import { numberedQuestions, type QuestionInput } from './ask-questions'
import { nextReminderOn, reminderScheduleOf, scheduledReminders, sentOn } from './reminder-schedule'

export interface ConsentAskChange {
  status?: 'closed' | 'cancelled'
  closesOn?: string
  text?: string | null
  questions?: QuestionInput[]
  reminders?: ReminderSchedule
}

/**
 * Closes an ask early, or cancels it (its subject was cancelled): from then every answer is `ask_closed`.
 * Moves its closing day or its reminders. Its words (text, questions) change only while no answer is
 * signed: after, `conflict`, since a signature stands for the words signed (a correction is a new ask).
 * Checked in the write, under the school's lock that a signed answer's write takes too.
 */
export async function changeConsentAsk(ctx: DomainContext, askId: string, change: ConsentAskChange) {
  const { ask: read, purpose } = await askWithPurpose(ctx, askId)
  return writeChanges(ctx, async (tx, changes) => {
    const [ask] = await tx.select().from(consentAsks).where(eq(consentAsks.id, read.id))
    if (!ask) throw domainError('not_found', ['No such ask.'])
    if (ask.status === 'cancelled' && change.status !== 'cancelled') throw domainError('unprocessable', ['This ask was cancelled: ask again instead.'])
    const rewords = change.text !== undefined || change.questions !== undefined
    if (rewords && ask.signedAt) throw domainError('conflict', ['Answers are signed for these words: make a new ask to correct them.'])
    const updated = {
      ...ask,
      status: change.status ?? ask.status,
      closesOn: change.closesOn ?? ask.closesOn,
      text: change.text !== undefined ? change.text?.trim() || null : ask.text,
      questions: change.questions ? JSON.stringify(numberedQuestions(change.questions)) : ask.questions,
      reminderSchedule: change.reminders ? JSON.stringify(change.reminders) : ask.reminderSchedule,
      updatedAt: timestampNow()
    }
    const sent = await tx.select({ due: consentAskReminders.due }).from(consentAskReminders).where(eq(consentAskReminders.askId, ask.id))
    const schedule = scheduledReminders(reminderScheduleOf(updated), sentOn(ask, ctx.school.timeZone), updated.closesOn)
    updated.nextReminderOn = updated.status === 'open' ? nextReminderOn(schedule, new Set(sent.map(row => row.due))) : null
    await tx.update(consentAsks).set({
      status: updated.status, closesOn: updated.closesOn, text: updated.text, questions: updated.questions, reminderSchedule: updated.reminderSchedule,
      nextReminderOn: updated.nextReminderOn, updatedAt: updated.updatedAt
    }).where(eq(consentAsks.id, ask.id))
    changes.record('consent_ask.updated', 'consent_asks', ask.id)
    return askView(updated, purpose, todayInZone(ctx.school.timeZone))
  })
}
