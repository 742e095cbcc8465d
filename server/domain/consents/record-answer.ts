import { and, asc, eq, isNull } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consents, people } from '../../../db/schema'
import type { ConsentAnswer } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { showsChild, standingOf } from '../access/standing'
import { askWithPurpose, findAskWithPurpose } from './ask-answers'
import { askIsOpen, type AskRow, type PurposeRow } from './ask-view'
import { checkedFormAnswers, type FormValue } from './ask-questions'
import { askQuestions, shownHash, shownLanguageOf, shownWords, signatureMatches } from './signed-words'

/**
 * An answer: a family's own is for today in the school's zone, always (a day from a family could
 * reach past the end of a court order, or probe for it); a paper form the office types in on the
 * adult's behalf is for the form's day, the member of staff recorded with it.
 */
export type ConsentAnswerInput = { askId: string, childId: string, adultId: string, answer: ConsentAnswer, answers?: Record<string, FormValue> }
  & ({ onBehalf?: false, signature?: { name: string }, shownHash?: string, signer?: Signer }
    | { onBehalf: true, /** The form's day, the answer in force from it: a withdrawal takes effect from it. */ day: string })

/** Where a signature came from: the account signed in, the client's address and the browser family its request named. */
export interface Signer { accountId: string, address: string, browser: string | null }

/**
 * A family's signature checked against the ask (docs/consents.md, "Signatures"): one is given where the ask
 * requires it (and only there), the name typed is the adult's on record, and the words the page showed are the
 * ask's now. The hash kept is of the words in the adult's language.
 */
async function checkedSignature(ctx: Pick<DomainContext, 'database' | 'school'>, input: ConsentAnswerInput, ask: AskRow, purpose: PurposeRow) {
  if (input.onBehalf) return null
  if (ask.signature !== 'required') {
    if (input.signature) throw validationFailed([{ path: 'signature', message: 'This ask takes no signature.' }])
    return null
  }
  if (!input.signature || !input.signer) throw validationFailed([{ path: 'signature', message: 'Sign: type your full name and tick the statement.' }])
  const [adult] = await ctx.database.db.select({ givenNames: people.givenNames, familyName: people.familyName, preferredLanguage: people.preferredLanguage })
    .from(people).where(and(eq(people.schoolId, ctx.school.id), eq(people.id, input.adultId), isNull(people.deletedAt)))
  if (!adult || !signatureMatches(input.signature.name, adult)) {
    throw validationFailed([{ path: 'signature', message: 'Type your full name as the school has it.' }])
  }
  const language = shownLanguageOf(adult.preferredLanguage)
  const hash = shownHash(shownWords(ask, purpose, language))
  if (input.shownHash && input.shownHash !== hash) throw domainError('conflict', ['The ask changed while you read it: read it again before signing.'])
  return { name: input.signature.name.trim(), language, hash, signer: input.signer }
}

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
  const form = checkedFormAnswers(askQuestions(ask), input.answer === 'yes' ? input.answers : undefined, input.answer === 'yes')
  if (input.answer === 'no' && input.answers && Object.keys(input.answers).length) {
    form.problems.push({ path: 'answers', message: 'A no takes no answers to the form.' })
  }
  if (form.problems.length) throw validationFailed(form.problems)
  const signature = await checkedSignature(ctx, input, ask, purpose)
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
      answer: input.answer, effectiveFrom: day, enteredBy: input.onBehalf ? recordedActor(ctx.actor) : null, createdAt: timestampNow(),
      signedName: signature?.name ?? null, signedAccountId: signature?.signer.accountId ?? null, signedAddress: signature?.signer.address ?? null,
      signedBrowser: signature?.signer.browser ?? null, shownHash: signature?.hash ?? null, shownLanguage: signature?.language ?? null,
      formAnswers: form.form && JSON.stringify(form.form), medicalAnswers: form.medical && JSON.stringify(form.medical)
    }
    if (signature) {
      // From the first signature the words stand as signed: changeConsentAsk refuses to reword, under the same lock.
      const [locked] = await tx.update(consentAsks).set({ signedAt: row.createdAt })
        .where(and(eq(consentAsks.id, ask.id), isNull(consentAsks.signedAt))).returning({ text: consentAsks.text, questions: consentAsks.questions })
      const [words] = locked
        ? [locked]
        : await tx.select({ text: consentAsks.text, questions: consentAsks.questions }).from(consentAsks).where(eq(consentAsks.id, ask.id))
      // Reworded since the hash above was taken (only possible before the first signature): what was hashed is not what stands.
      if (words!.text !== ask.text || words!.questions !== ask.questions) {
        throw domainError('conflict', ['The ask changed while you read it: read it again before signing.'])
      }
    }
    await tx.insert(consents).values(row)
    changes.record(earlier.length ? 'consent.updated' : 'consent.created', 'consents', row.id)
    return {
      id: row.id, askId: row.askId, childId: row.childId, adultId: row.adultId, answer: row.answer, effectiveFrom: row.effectiveFrom,
      answeredAt: row.createdAt, enteredByStaff: row.enteredBy !== null, signed: signature !== null, shownHash: row.shownHash
    }
  })
}

/** An adult's own answers for a child to an ask, oldest first: the history the portal shows them. */
export async function answerHistory(ctx: Pick<DomainContext, 'database' | 'school'>, askId: string, childId: string, adultId: string) {
  return ctx.database.db.select({ answer: consents.answer, effectiveFrom: consents.effectiveFrom, answeredAt: consents.createdAt }).from(consents)
    .where(and(eq(consents.schoolId, ctx.school.id), eq(consents.askId, askId), eq(consents.childId, childId), eq(consents.adultId, adultId)))
    .orderBy(asc(consents.createdAt), asc(consents.id))
}
