import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { defaultLanguage, shippedLanguage, shippedLanguages } from '../../../shared/languages'

/**
 * The shipped languages the school offers, in the shipped order: English always, and English alone
 * until the school chooses others (Settings → School, "Languages").
 */
export function schoolLanguages(school: Pick<SchoolRef, 'lists'>): string[] {
  const chosen = new Set((school.lists.languages ?? []).map(tag => shippedLanguage(tag)?.code))
  return shippedLanguages.map(language => language.code).filter(code => code === defaultLanguage || chosen.has(code))
}

/** How many of the school's people (not deleted) prefer each of `codes`: a language some adult prefers cannot be dropped. */
export async function peoplePreferring(tx: Db, schoolId: string, codes: readonly string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map()
  const rows = await tx.select({ code: people.preferredLanguage, n: count() }).from(people)
    .where(and(eq(people.schoolId, schoolId), isNull(people.deletedAt), inArray(people.preferredLanguage, [...codes])))
    .groupBy(people.preferredLanguage)
  return new Map(rows.map(row => [row.code!, Number(row.n)]))
}
