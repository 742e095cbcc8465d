import { createHash } from 'node:crypto'
import type { AskQuestion } from '../../../shared/schemas/consents'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'
import { mailWords } from '../mail/render-mail'
import type { consentAsks, consentPurposes } from '../../../db/schema'

type AskRow = typeof consentAsks.$inferSelect
type PurposeRow = typeof consentPurposes.$inferSelect

/**
 * Exactly what an adult is shown when they sign (docs/consents.md, "Signatures"): the ask's title (its
 * purpose), text, subject and questions as the school wrote them, and the statement in the language shown.
 * Its SHA-256 is kept with the signed answer and printed on the receipt, which carries these words too.
 */
export interface ShownWords {
  title: string
  text: string | null
  subject: string | null
  questions: { id: string, label: string, kind: string, required: boolean, choices: string[] | null }[]
  statement: string
  language: LanguageCode
}

/** The language an adult is shown the ask in: their own when the school ships it, else the school's. */
export function shownLanguageOf(preferred: string | null | undefined): LanguageCode {
  return (preferred && shippedLanguage(preferred)?.code as LanguageCode | undefined) || defaultLanguage
}

export function askQuestions(ask: Pick<AskRow, 'questions'>): AskQuestion[] {
  return JSON.parse(ask.questions) as AskQuestion[]
}

export function shownWords(ask: Pick<AskRow, 'text' | 'subject' | 'questions'>, purpose: Pick<PurposeRow, 'name'>, language: LanguageCode): ShownWords {
  return {
    title: purpose.name,
    text: ask.text,
    subject: ask.subject,
    questions: askQuestions(ask).map(question => ({
      id: question.id, label: question.label, kind: question.kind, required: question.required, choices: question.choices ?? null
    })),
    statement: mailWords(language).consentSignature.statement,
    language
  }
}

/** The bytes hashed: the words as JSON, keys in a fixed order, so the same words always give the same hash. */
export function shownBytes(words: ShownWords): string {
  return JSON.stringify(words, ['title', 'text', 'subject', 'questions', 'id', 'label', 'kind', 'required', 'choices', 'statement', 'language'])
}

export function shownHash(words: ShownWords): string {
  return createHash('sha256').update(shownBytes(words), 'utf8').digest('hex')
}

/** A name as compared for a signature: case, accents and spacing aside. */
export function comparableName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s\p{Zs}]+/gu, '')
}

/** Whether the typed name is the adult's full name on record, given names first or last. */
export function signatureMatches(typed: string, adult: { givenNames: string, familyName: string }): boolean {
  const typedName = comparableName(typed)
  return typedName.length > 0 && [`${adult.givenNames} ${adult.familyName}`, `${adult.familyName} ${adult.givenNames}`]
    .some(onRecord => comparableName(onRecord) === typedName)
}
