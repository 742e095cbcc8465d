import { and, asc, eq } from 'drizzle-orm'
import { consentAskChildren, consents } from '../../../db/schema'
import type { ConsentAnswer } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { showsChild, standingOf } from '../access/standing'
import { askWithPurpose, findAskWithPurpose } from './ask-answers'
import { askIsOpen } from './ask-view'

/**
 * An answer: a family's own is for today in the school's zone, always (a day from a family could
 * reach past the end of a court order, or probe for it); a paper form the office types in on the
 * adult's behalf is for the form's day, the member of staff recorded with it.
 */
export type ConsentAnswerInput = { askId: string, childId: string, adultId: string, answer: ConsentAnswer }
  & ({ onBehalf?: false } | { onBehalf: true, /** The form's day, the answer in force from it: a withdrawal takes effect from it. */ day: string })

/**
 * A `no` to a standing purpose is a withdrawal, taken even after its ask closed (never once the ask was
 * cancelled); the portal offers it to the adult whose own answer is `yes` (portalConsents' `canWithdraw`).
 */
export function takesWithdrawal(ask: { status: string }, purpose: { lasting: string }) {
  return purpose.lasting === 'standing' && ask.status !== 'cancelled'
}

/** The one refusal of an adult without `consents` standing on the child on the day, whatever the reason: the same body every time. */
export function noConsentStanding() {
  return domainError('no_consent_standing', ['This adult cannot answer for this child on this day.'])
}

/**
 * Records an adult's answer for a child (docs/consents.md, "Answers"). In this order, so that nothing
 * tells an adult more than standing grants: the ask is looked up first, and a family naming no ask of
 * the school is answered as one without standing (the office is told `not_found`); then
 * `no_consent_standing` when the adult lacks `consents` standing on the child on the day (never held,
 * ended, an order or a flag: one body for all); then `not_found` when the ask is not for this child;
 * then `ask_closed` when it was closed or cancelled or its closing day passed, except that a standing
 * consent can always be withdrawn (a `no` to a standing purpose after its ask closed). Nothing is
 * recorded on a refusal; an answer never changes an earlier one, it supersedes it (`consent.updated`
 * for a second answer). Standing is asked again inside the write, under the school's lock, so an
 * order or a flag that committed between the first check and the write is honoured.
 */
export async function recordConsentAnswer(ctx: DomainContext, input: ConsentAnswerInput) {
  const today = todayInZone(ctx.school.timeZone)
  const day = input.onBehalf ? input.day : today
  const found = input.onBehalf ? await askWithPurpose(ctx, input.askId) : await findAskWithPurpose(ctx, input.askId)
  if (!showsChild(await standingOf(ctx, input.adultId, input.childId, day), 'consents') || !found) throw noConsentStanding()
  const { ask, purpose } = found
  const [inAsk] = await ctx.database.db.select({ childId: consentAskChildren.childId }).from(consentAskChildren)
    .where(and(eq(consentAskChildren.askId, ask.id), eq(consentAskChildren.childId, input.childId)))
  if (!inAsk) throw domainError('not_found', ['This ask is not for this child.'])
  const withdrawal = input.answer === 'no' && takesWithdrawal(ask, purpose)
  if (!askIsOpen(ask, today) && !withdrawal) throw domainError('ask_closed', ['This ask no longer takes answers.'])
  return writeChanges(ctx, async (tx, changes) => {
    // Asked again under the school's lock, which every write of an order, a flag or a responsibility
    // takes: one that committed since the check above is honoured, and none can commit until this does.
    if (!showsChild(await standingOf({ school: ctx.school, database: { ...ctx.database, db: tx } }, input.adultId, input.childId, day), 'consents')) {
      throw noConsentStanding()
    }
    const earlier = await tx.select({ id: consents.id }).from(consents)
      .where(and(eq(consents.askId, ask.id), eq(consents.childId, input.childId), eq(consents.adultId, input.adultId)))
      .orderBy(asc(consents.createdAt)).limit(1)
    const row = {
      id: newId('cns'), schoolId: ctx.school.id, askId: ask.id, purposeId: purpose.id, childId: input.childId, adultId: input.adultId,
      answer: input.answer, effectiveFrom: day, enteredBy: input.onBehalf ? recordedActor(ctx.actor) : null, createdAt: timestampNow()
    }
    await tx.insert(consents).values(row)
    changes.record(earlier.length ? 'consent.updated' : 'consent.created', 'consents', row.id)
    return {
      id: row.id, askId: row.askId, childId: row.childId, adultId: row.adultId, answer: row.answer, effectiveFrom: row.effectiveFrom,
      answeredAt: row.createdAt, enteredByStaff: row.enteredBy !== null
    }
  })
}

/** An adult's own answers for a child to an ask, oldest first: the history the portal shows them. */
export async function answerHistory(ctx: Pick<DomainContext, 'database' | 'school'>, askId: string, childId: string, adultId: string) {
  return ctx.database.db.select({ answer: consents.answer, effectiveFrom: consents.effectiveFrom, answeredAt: consents.createdAt }).from(consents)
    .where(and(eq(consents.schoolId, ctx.school.id), eq(consents.askId, askId), eq(consents.childId, childId), eq(consents.adultId, adultId)))
    .orderBy(asc(consents.createdAt), asc(consents.id))
}
