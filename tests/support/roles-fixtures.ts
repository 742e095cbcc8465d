import type { AffiliationKind } from '../../db/schema'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { insertPerson } from '../../server/domain/people/person-record'
import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import type { newSchool } from './schools'

export type TestSchool = Awaited<ReturnType<typeof newSchool>>

export interface PersonWithSpans {
  familyName: string
  givenNames: string
  spans?: { kind?: AffiliationKind, validFrom: string, validTo?: string | null, yearLevel?: string }[]
}

/** Adds people with their spans through the domain's own writes, in one transaction; returns their ids in order. */
export function addPeopleWithSpans<const L extends readonly PersonWithSpans[]>(school: TestSchool, list: L): Promise<{ -readonly [K in keyof L]: string }> {
  return writeChanges(school.context, async (tx, changes) => {
    const ids: string[] = []
    for (const person of list) {
      const id = await insertPerson(tx, changes, school.id, { familyName: person.familyName, givenNames: person.givenNames })
      for (const span of person.spans ?? []) {
        const kind = span.kind ?? 'student'
        await insertAffiliation(
          tx, changes, school.school,
          { personId: id, kind, validFrom: span.validFrom, validTo: span.validTo ?? null, yearLevel: kind === 'student' ? span.yearLevel ?? null : null }
        )
      }
      ids.push(id)
    }
    return ids as { -readonly [K in keyof L]: string }
  })
}

/** Follows `nextCursor` to the end, returning every page. */
export async function walkPages(first: string, call: (path: string) => Promise<{ status: number, body: any }>) {
  const pages: any[][] = []
  let path: string | null = first
  while (path) {
    const answer = await call(path)
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    pages.push(answer.body.items)
    path = answer.body.nextCursor ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(answer.body.nextCursor)}` : null
  }
  return pages
}
