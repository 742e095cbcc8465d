import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm'
import { affiliations, people, type AffiliationKind } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
import { todayInZone } from '../shared/clock'

export interface AffiliationsPageRequest {
  limit: number
  /** The `[validFrom, id]` of the last span of the previous page. */
  after?: [string, string]
  /** `open`: only spans in force today in the school's zone. */
  state?: 'open'
  kind?: AffiliationKind
}

/** What the interface shows of an affiliation: the kind and its span, nothing of year level or campus. */
export function affiliationView(row: Pick<typeof affiliations.$inferSelect, 'id' | 'personId' | 'kind' | 'validFrom' | 'validTo'>) {
  return { id: row.id, personId: row.personId, kind: row.kind, validFrom: row.validFrom, validTo: row.validTo }
}

/** One page of the school's affiliations, newest first (by `validFrom`, then id). People deleted are left out with their spans. */
export async function listAffiliations(database: Database, school: SchoolRef, request: AffiliationsPageRequest) {
  const today = request.state === 'open' ? todayInZone(school.timeZone) : undefined
  const after = request.after
  const rows = await database.db
    .select({ id: affiliations.id, personId: affiliations.personId, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo })
    .from(affiliations)
    .innerJoin(people, eq(people.id, affiliations.personId))
    .where(and(
      eq(affiliations.schoolId, school.id),
      request.kind ? eq(affiliations.kind, request.kind) : undefined,
      today ? and(lte(affiliations.validFrom, today), or(isNull(affiliations.validTo), gte(affiliations.validTo, today))) : undefined,
      after ? sql`(${affiliations.validFrom}, ${affiliations.id}) < (${after[0]}, ${after[1]})` : undefined,
      isNull(people.deletedAt)
    ))
    .orderBy(desc(affiliations.validFrom), desc(affiliations.id))
    .limit(request.limit + 1)
  const more = rows.length > request.limit
  const page = more ? rows.slice(0, request.limit) : rows
  const last = page.at(-1)
  return {
    items: page.map(affiliationView),
    next: more && last ? [last.validFrom, last.id] as [string, string] : null
  }
}
