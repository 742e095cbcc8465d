import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { people, subjectAccessRequests } from '../../../db/schema'
import type { SubjectAccessState } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'
import { foldName } from '../people/name-key'
import { subjectAccessViews } from './request-view'

/** Every word of the search in the subject's name (folded as names are), or the request's id as typed. */
function searchCondition(schoolId: string, q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const words = foldName(q).split(' ').filter(Boolean)
  const escaped = (word: string) => `%${word.replace(/[\\%_]/g, match => `\\${match}`)}%`
  const named = sql`exists (select 1 from ${people} where ${people.schoolId} = ${schoolId} and ${people.id} = ${subjectAccessRequests.subjectId}
    and ${sql.join(words.map(word => sql`${people.nameKey} like ${escaped(word)} escape '\\'`), sql` and `)})`
  return or(eq(subjectAccessRequests.id, q.trim()), words.length ? named : undefined)
}

/** The school's requests, latest deadline first, each with its clock today; `state` and `q` filter on the server. */
export async function listSubjectAccessRequests(
  ctx: DomainContext, query: { state?: SubjectAccessState, q?: string }, page: { limit: number, after?: [string, string] }
) {
  assertCapability(ctx, 'subject_access.manage')
  const db = ctx.database.db
  const rows = await db.select().from(subjectAccessRequests)
    .where(and(
      eq(subjectAccessRequests.schoolId, ctx.school.id),
      query.state ? eq(subjectAccessRequests.state, query.state) : undefined,
      searchCondition(ctx.school.id, query.q),
      afterPosition(subjectAccessRequests.deadline, subjectAccessRequests.id, page.after, 'desc')
    ))
    .orderBy(desc(subjectAccessRequests.deadline), desc(subjectAccessRequests.id)).limit(page.limit + 1)
  const slice = keysetSlice(rows, page.limit, row => row, (last): [string, string] => [last.deadline, last.id])
  return { items: await subjectAccessViews(db, ctx.school.id, slice.items, todayInZone(ctx.school.timeZone)), next: slice.next }
}
