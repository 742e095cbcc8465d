import { and, asc, eq, inArray } from 'drizzle-orm'
import { messageVersions } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { defaultLanguage, shippedLanguage } from '../../../shared/languages'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { excerpt } from '../../../shared/excerpt'
import { fieldPath } from '../../../shared/field-problems'
import type { SchoolRef } from '../shared/school-ref'
import { schoolLanguages } from '../schools/school-languages'
import { portalWords } from '../shared/portal-words'

/*
 * Messages in several languages (docs/messages.md, "Versions"): the message row is the school's original,
 * in the school's own language; the office may add one version per other language it offers, written by a
 * person. Each adult reads their preferred language's version, or the original with one line in their
 * language saying no translation was given.
 */

export interface MessageText { subject: string, body: string }
export interface MessageVersion extends MessageText { language: string }

/** Whether a version was given in the adult's language, none was (`not_given`), or the adult reads the school's own (`not_needed`). */
export type Translation = 'given' | 'not_given' | 'not_needed'

/** What one adult reads of a message: the text, its language, whether it is the original, and the translation's standing. */
export interface ChosenText extends MessageText { language: string, original: boolean, translation: Translation }

/**
 * The one line, in the reader's language, that says the school gave no translation of a message and the
 * original follows (the locale files' `portal.message.noTranslation`, which the portal shows too). An
 * unshipped tag reads English's.
 */
export function noTranslationLine(language: string): string {
  return portalWords(language).message.noTranslation
}

/**
 * The text an adult preferring `preferred` (null: the school's own) reads: their language's version, else
 * the original, marked `not_given` when they read another language. `wantOriginal` asks for the original
 * whatever exists (the portal's link to it), keeping what the translation's standing is.
 */
export function chooseMessageText(
  original: MessageText, versions: readonly MessageVersion[], preferred: string | null, wantOriginal = false
): ChosenText {
  const wanted = preferred === null ? defaultLanguage : shippedLanguage(preferred)?.code ?? preferred
  const version = wanted === defaultLanguage ? undefined : versions.find(v => v.language === wanted)
  const translation: Translation = wanted === defaultLanguage ? 'not_needed' : version ? 'given' : 'not_given'
  if (version && !wantOriginal) return { subject: version.subject, body: version.body, language: version.language, original: false, translation }
  return { subject: original.subject, body: original.body, language: defaultLanguage, original: true, translation }
}

/**
 * The subject and text mailed to an adult preferring `preferred`: their version, or the original with the
 * no-translation line in their language as `note`, which the notice puts before it in the reader's words.
 */
export function mailedMessageText(
  original: MessageText, versions: readonly MessageVersion[], preferred: string | null
): MessageText & { note?: string } {
  const chosen = chooseMessageText(original, versions, preferred)
  if (chosen.translation !== 'not_given') return { subject: chosen.subject, body: chosen.body }
  return { subject: chosen.subject, body: chosen.body, note: noTranslationLine(preferred!) }
}

/**
 * The versions' problems against the languages the school offers, each naming `versions[i].language`
 * (the schema has already refused the school's own, an unshipped tag and a language twice).
 */
export function unofferedVersionProblems(school: Pick<SchoolRef, 'lists'>, versions: readonly { language: string }[]): FieldProblem[] {
  const offered = schoolLanguages(school)
  return versions.flatMap(({ language }, index) => {
    const code = shippedLanguage(language)?.code ?? language
    return offered.includes(code)
      ? []
      : [{ path: fieldPath(['versions', index, 'language']), message: `The school does not offer ${excerpt(code)}; it offers ${offered.join(', ')}.` }]
  })
}

/** The versions of some messages, by message id, each message's in language order. */
export async function versionsOfMessages(db: Db, schoolId: string, messageIds: readonly string[]): Promise<Map<string, MessageVersion[]>> {
  const found = new Map<string, MessageVersion[]>()
  if (!messageIds.length) return found
  const { messageId, language, subject, body } = messageVersions
  const rows = await db.select({ messageId, language, subject, body }).from(messageVersions)
    .where(and(eq(messageVersions.schoolId, schoolId), inArray(messageVersions.messageId, [...messageIds])))
    .orderBy(asc(messageVersions.messageId), asc(messageVersions.language))
  for (const { messageId, ...version } of rows) found.set(messageId, [...found.get(messageId) ?? [], version])
  return found
}
