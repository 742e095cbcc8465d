import { and, eq, inArray } from 'drizzle-orm'
import { consents, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { todayInZone } from '../days/clock'
import { showsChild, standingOf } from '../access/standing'
import { askWithPurpose } from './ask-answers'
import { askQuestions, shownHash, shownLanguageOf, shownWords, type ShownWords } from './signed-words'
import type { FormValue } from './ask-questions'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

const noSuchAnswer = () => domainError('not_found', ['No answer with this id.'])

/** The answer of this school with its ask, purpose, child and adult; `not_found` otherwise. */
async function answerWithAsk(ctx: ReadContext, answerId: string) {
  const [row] = await ctx.database.db.select().from(consents).where(and(eq(consents.schoolId, ctx.school.id), eq(consents.id, answerId)))
  if (!row) throw noSuchAnswer()
  const { ask, purpose } = await askWithPurpose(ctx, row.askId)
  const names = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, [row.childId, row.adultId])))
  const nameOf = (id: string) => names.find(name => name.id === id) ?? { id, familyName: '', givenNames: '' }
  return { row, ask, purpose, child: nameOf(row.childId), adult: nameOf(row.adultId) }
}

const noOwnSignedAnswer = () => domainError('not_found', ['No signed answer of yours with this id.'])

/**
 * An adult's own signed answer, for its receipt: theirs, signed, and for a child they still have `consents` standing
 * on today. Anything else, another adult's answer or their own unsigned one included, is `not_found`, the same body
 * for every reason.
 */
export async function ownSignedAnswer(ctx: ReadContext, adultId: string, answerId: string) {
  const found = await answerWithAsk(ctx, answerId).catch(() => null)
  if (!found || found.row.adultId !== adultId || !found.row.shownHash) throw noOwnSignedAnswer()
  if (!showsChild(await standingOf(ctx, adultId, found.row.childId, todayInZone(ctx.school.timeZone)), 'consents')) throw noOwnSignedAnswer()
  return found
}

export const officeAnswer = answerWithAsk

export type FoundAnswer = Awaited<ReturnType<typeof answerWithAsk>>

/** The words a signed answer was given for, as they stand now, in the language it was shown in. */
export function wordsNow(found: FoundAnswer): ShownWords {
  return shownWords(found.ask, found.purpose, shownLanguageOf(found.row.shownLanguage))
}

/** The form's answers with their questions, in the ask's order, the medical ones among them. */
export function formAnswersOf(found: FoundAnswer) {
  const values: Record<string, FormValue> = { ...parsed(found.row.formAnswers), ...parsed(found.row.medicalAnswers) }
  return askQuestions(found.ask).filter(question => values[question.id] !== undefined)
    .map(question => ({ questionId: question.id, label: question.label, kind: question.kind, medical: question.medical, value: values[question.id]! }))
}

const parsed = (json: string | null): Record<string, FormValue> => json ? JSON.parse(json) as Record<string, FormValue> : {}

/**
 * A signed answer as the office reads it: who signed, when, from which address and browser, and the hash kept
 * beside the hash of the ask's words as they stand (`matches`: the record is what was signed).
 */
export async function answerDetail(ctx: ReadContext, answerId: string) {
  const found = await officeAnswer(ctx, answerId)
  const { row } = found
  const current = row.shownHash ? shownHash(wordsNow(found)) : null
  return {
    id: row.id, askId: row.askId, child: found.child, adult: found.adult, answer: row.answer, effectiveFrom: row.effectiveFrom,
    answeredAt: row.createdAt, enteredByStaff: row.enteredBy !== null,
    signature: row.shownHash
      ? {
          name: row.signedName!, accountId: row.signedAccountId, address: row.signedAddress, browser: row.signedBrowser, language: row.shownLanguage!,
          shownHash: row.shownHash, currentHash: current!, matches: current === row.shownHash
        }
      : null,
    answers: formAnswersOf(found)
  }
}

/** A hash read off a receipt, against the record: it matches when it is the hash kept, and the ask's words still give it. */
export async function checkReceiptHash(ctx: ReadContext, answerId: string, hash: string) {
  const found = await officeAnswer(ctx, answerId)
  if (!found.row.shownHash) throw domainError('unprocessable', ['This answer was not signed: it has no receipt.'])
  const current = shownHash(wordsNow(found))
  return { matches: hash === found.row.shownHash && current === found.row.shownHash, shownHash: found.row.shownHash, currentHash: current }
}
