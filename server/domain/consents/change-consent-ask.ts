import { eq } from 'drizzle-orm'
import { consentAsks } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { askWithPurpose } from './ask-answers'
import { askView } from './ask-view'

/** Closes an ask early, or cancels it (its subject was cancelled): from then every answer is `ask_closed`. */
export async function changeConsentAsk(ctx: DomainContext, askId: string, change: { status?: 'closed' | 'cancelled', closesOn?: string }) {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  return writeChanges(ctx, async (tx, changes) => {
    if (ask.status === 'cancelled' && change.status !== 'cancelled') throw domainError('unprocessable', ['This ask was cancelled: ask again instead.'])
    const updated = { ...ask, status: change.status ?? ask.status, closesOn: change.closesOn ?? ask.closesOn, updatedAt: timestampNow() }
    await tx.update(consentAsks).set({ status: updated.status, closesOn: updated.closesOn, updatedAt: updated.updatedAt }).where(eq(consentAsks.id, ask.id))
    changes.record('consent_ask.updated', 'consent_asks', ask.id)
    return askView(updated, purpose, todayInZone(ctx.school.timeZone))
  })
}
