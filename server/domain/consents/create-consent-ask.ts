import { and, eq } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consentPurposes } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import type { ConsentAnsweredBy, ConsentSignature } from '../../../shared/vocabulary'
import type { ReminderSchedule } from '../../../shared/schemas/consents'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { audienceUnknown, reachOf, resolveGroups } from '../messages/audience'
import { askView, type AskRow } from './ask-view'
import { nextReminderOn, scheduledReminders } from './reminder-schedule'
import { numberedQuestions, type QuestionInput } from './ask-questions'

export interface ConsentAskInput {
  purposeId: string
  subject?: string | null
  audience: string[]
  closesOn: string
  occasionOn?: string | null
  answeredBy: ConsentAnsweredBy
  text?: string | null
  signature?: ConsentSignature
  questions?: QuestionInput[]
  reminders?: ReminderSchedule
}

/**
 * Asks the audience's families for consent: `subject_required` when the purpose is about a named thing
 * and none is named, `audience_unknown` naming each group nothing answers, `audience_empty` when no
 * child of the audience has an adult with `consents` standing today. The ask is for the audience's
 * children today, written with them in one write.
 */
export async function createConsentAsk(ctx: DomainContext, input: ConsentAskInput) {
  const today = todayInZone(ctx.school.timeZone)
  const [purpose] = await ctx.database.db.select().from(consentPurposes)
    .where(and(eq(consentPurposes.schoolId, ctx.school.id), eq(consentPurposes.id, input.purposeId)))
  if (!purpose) throw validationFailed([{ path: 'purposeId', message: 'The school has no consent purpose with this id.' }])
  const subject = input.subject?.trim() || null
  if (purpose.aboutNamedThing === 'yes' && !subject) {
    throw domainError('subject_required', [`${purpose.name} is about a named thing: name it as the ask's subject (the excursion, the activity).`])
  }
  if (input.closesOn < today) throw validationFailed([{ path: 'closesOn', message: 'The closing day has passed.' }])
  const resolved = await resolveGroups(ctx, input.audience, today)
  if (resolved.unknown.length) throw audienceUnknown(resolved.unknown)
  // A named adult's children count whatever standing says, so `audience_empty` never tells that an order or a flag withholds them (audience.ts).
  const reach = await reachOf(ctx, resolved.entries, 'consents', today, resolved.named)
  if (reach.children.size === 0 && reach.named.size === 0) {
    throw domainError('audience_empty', ['No child of this audience has an adult who may answer for them.'])
  }
  const childIds = resolved.entries.map(entry => entry.childId)
  return writeChanges(ctx, async (tx, changes) => {
    const at = timestampNow()
    const reminders = input.reminders ?? { afterSending: [], beforeClosing: [] }
    const ask: AskRow = {
      id: newId('cak'), schoolId: ctx.school.id, purposeId: purpose.id, subject, audience: JSON.stringify(input.audience), closesOn: input.closesOn,
      occasionOn: input.occasionOn ?? null, answeredBy: input.answeredBy, status: 'open', text: input.text?.trim() || null,
      signature: input.signature ?? 'none', questions: JSON.stringify(numberedQuestions(input.questions ?? [])), reminderSchedule: JSON.stringify(reminders),
      nextReminderOn: nextReminderOn(scheduledReminders(reminders, today, input.closesOn), new Set()), signedAt: null, createdAt: at, updatedAt: at
    }
    await tx.insert(consentAsks).values(ask)
    await bulkInsert(tx, consentAskChildren, childIds.map(childId => ({ askId: ask.id, childId, schoolId: ctx.school.id })))
    changes.record('consent_ask.created', 'consent_asks', ask.id)
    return { ...askView(ask, purpose, today), childCount: childIds.length }
  })
}
