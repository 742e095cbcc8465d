import { and, eq } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { malformedText, validationFailed } from '../shared/domain-error'
import type { TextRefusal } from '../../../shared/plain-text'
import { languageTagRefusal } from '../../../shared/schemas/languages'
import { shippedLanguage } from '../../../shared/languages'
import { excerpt } from '../../../shared/excerpt'
import { schoolLanguages } from '../schools/school-languages'
import { schoolInTransaction } from '../schools/school-settings'
import { requirePerson } from './require-person'

/**
 * A preferred language as the school keeps it: the shipped tag (`zh-hans` is `zh-Hans`), or why it is
 * refused: not a tag, a language Rollbook does not ship, or one the school does not offer.
 */
export function readPreferredLanguage(school: Pick<SchoolRef, 'lists'>, tag: string): { code: string } | { problem: string, refusal: TextRefusal['code'] } {
  const refusal = languageTagRefusal(tag)
  if (refusal) return { problem: refusal.message, refusal: refusal.code }
  const code = shippedLanguage(tag)!.code
  const offered = schoolLanguages(school)
  if (!offered.includes(code)) {
    return { problem: `The school does not offer ${excerpt(code)}; it offers ${offered.join(', ')}.`, refusal: 'validation_failed' }
  }
  return { code }
}

/** The shipped tag, or the refusal naming `preferredLanguage`. */
function offeredLanguage(school: Pick<SchoolRef, 'lists'>, tag: string): string {
  const read = readPreferredLanguage(school, tag)
  if ('code' in read) return read.code
  const problems = [{ path: 'preferredLanguage', message: read.problem }]
  throw read.refusal === 'bad_request' ? malformedText(problems) : validationFailed(problems)
}

/**
 * Records the language an adult reads the portal and the school's mail in (null: the school's own);
 * `changed` false, writing nothing, when it is unchanged. A tag the school does not offer is
 * `validation_failed` naming `preferredLanguage` (`bad_request` for an invisible or direction-changing
 * character, as for any line of text). The office sets it on the record, the adult in the portal.
 */
export async function setPreferredLanguage(ctx: DomainContext, personId: string, tag: string | null) {
  const value = tag === null ? null : offeredLanguage(ctx.school, tag)
  if ((await requirePerson(ctx.database.db, ctx.school, personId)).preferredLanguage === value) return { changed: false, preferredLanguage: value }
  await writeChanges(ctx, async (tx, changes) => {
    // Asked again under the school's lock: a change of its languages may have committed since the request read the school.
    if (value !== null) offeredLanguage(await schoolInTransaction(tx, ctx.school.id), value)
    await requirePerson(tx, ctx.school, personId)
    await tx.update(people).set({ preferredLanguage: value, updatedAt: timestampNow() }).where(eq(people.id, personId))
    changes.record('person.updated', 'people', personId)
  })
  return { changed: true, preferredLanguage: value }
}

/** The preferred language on a person's record at the school, as it is now; null for none, or no such person. */
export async function preferredLanguageOf(db: Db, schoolId: string, personId: string | null): Promise<string | null> {
  if (!personId) return null
  const [row] = await db.select({ preferredLanguage: people.preferredLanguage }).from(people)
    .where(and(eq(people.id, personId), eq(people.schoolId, schoolId)))
  return row?.preferredLanguage ?? null
}
