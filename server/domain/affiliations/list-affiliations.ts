import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { affiliations, people, type AffiliationKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { keysetSlice } from '../shared/keyset-slice'
import { inForceOn } from '../days/in-force'

export interface AffiliationsPageRequest {
  limit: number
  /** The `[validFrom, id]` of the last span of the previous page. */
  after?: [string, string]
}

export interface AffiliationFilters {
  /** `open`: only spans in force today in the school's zone. */
  state?: 'open'
  kind?: AffiliationKind
}

/** What the interface shows of an affiliation: the kind and its span, nothing of year level or campus. */
export function affiliationView(row: Pick<typeof affiliations.$inferSelect, 'id' | 'personId' | 'kind' | 'validFrom' | 'validTo'>) {
  return { id: row.id, personId: row.personId, kind: row.kind, validFrom: row.validFrom, validTo: row.validTo }
}

interface PageShape { after: boolean, open: boolean, kind: boolean }

const placeholder = (name: string) => sql.placeholder(name)

/** The page query for one combination of filters, with placeholders for its values, so it can be prepared once. */
function affiliationsPageQuery(db: Db, shape: PageShape) {
  const today = placeholder('today')
  return db
    .select({ id: affiliations.id, personId: affiliations.personId, kind: affiliations.kind, validFrom: affiliations.validFrom, validTo: affiliations.validTo })
    .from(affiliations)
    .innerJoin(people, eq(people.id, affiliations.personId))
    .where(and(
      eq(affiliations.schoolId, placeholder('schoolId')),
      shape.kind ? eq(affiliations.kind, placeholder('kind')) : undefined,
      shape.open ? inForceOn(affiliations, today) : undefined,
      // Row values keep the keyset one index range on both databases.
      shape.after ? sql`(${affiliations.validFrom}, ${affiliations.id}) < (${placeholder('afterFrom')}, ${placeholder('afterId')})` : undefined,
      isNull(people.deletedAt)
    ))
    .orderBy(desc(affiliations.validFrom), desc(affiliations.id))
    .limit(placeholder('limit'))
}

/** One page of the school's affiliations, newest first (by `validFrom`, then id). People deleted are left out with their spans. */
export async function listAffiliations({ database, school }: DomainContext, request: AffiliationsPageRequest, filters: AffiliationFilters = {}) {
  const shape: PageShape = { after: request.after !== undefined, open: filters.state === 'open', kind: filters.kind !== undefined }
  const name = `affiliations-page${shape.after ? '-after' : ''}${shape.open ? '-open' : ''}${shape.kind ? '-kind' : ''}`
  const rows = await database.prepared(name, db => affiliationsPageQuery(db, shape))({
    schoolId: school.id,
    limit: request.limit + 1,
    ...(shape.open ? { today: todayInZone(school.timeZone) } : {}),
    ...(shape.kind ? { kind: filters.kind } : {}),
    ...(request.after ? { afterFrom: request.after[0], afterId: request.after[1] } : {})
  })
  return keysetSlice(rows, request.limit, affiliationView, (last): [string, string] => [last.validFrom, last.id])
}
