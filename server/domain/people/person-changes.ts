import { and, desc, eq, inArray, lt, or } from 'drizzle-orm'
import { affiliations, apiTokens, changeEvents, staffAccounts } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { keysetSlice } from '../shared/keyset-slice'

export interface PersonChangesPageRequest {
  limit: number
  /** The outbox sequence of the last change of the previous page. */
  after?: [number]
}

/**
 * How a recorded actor reads on a screen: a member of staff by their email, a token by its purpose,
 * the service by the way it was asked (`system:cli` is the admin command line). None: written before
 * the actor was kept.
 */
async function readableActors({ database, school }: DomainContext, actors: readonly (string | null)[]) {
  const staffIds = actors.flatMap(actor => actor?.startsWith('staff:') ? [actor.slice(6)] : [])
  const tokenIds = actors.flatMap(actor => actor?.startsWith('token:') ? [actor.slice(6)] : [])
  const [members, tokens] = await Promise.all([
    staffIds.length ? database.db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts).where(and(eq(staffAccounts.schoolId, school.id), inArray(staffAccounts.id, [...new Set(staffIds)]))) : [],
    tokenIds.length ? database.db.select({ id: apiTokens.id, purpose: apiTokens.purpose }).from(apiTokens).where(and(eq(apiTokens.schoolId, school.id), inArray(apiTokens.id, [...new Set(tokenIds)]))) : []
  ])
  return (actor: string | null): string => {
    if (actor === null) return 'Not recorded'
    const [kind, id = ''] = actor.split(/:(.*)/s)
    switch (kind) {
      case 'staff': return members.find(member => member.id === id)?.email ?? 'A former member of staff'
      case 'token': return `API token "${tokens.find(token => token.id === id)?.purpose ?? id}"`
      case 'system': return id === 'cli' ? 'The admin command line' : id === 'sync:apply' ? 'A people sync' : `Rollbook (${id})`
      default: return actor
    }
  }
}

/**
 * One page of the changes made to a person's record, newest first: the outbox events of the person
 * (names, family, billing, restricted records: `person.updated` or `billing.updated` on the person)
 * and of their spans, each with who made it, readably. The outbox says what kind of change was made,
 * never the values, so this list tells nothing a reader of the record could not.
 */
export async function listPersonChanges(ctx: DomainContext, personId: string, request: PersonChangesPageRequest) {
  const { database, school } = ctx
  const spans = database.db.select({ id: affiliations.id }).from(affiliations).where(and(eq(affiliations.schoolId, school.id), eq(affiliations.personId, personId)))
  const rows = await database.db.select({ sequence: changeEvents.sequence, kind: changeEvents.kind, tableName: changeEvents.tableName, recordId: changeEvents.recordId, at: changeEvents.at, actor: changeEvents.actor })
    .from(changeEvents)
    .where(and(
      eq(changeEvents.schoolId, school.id),
      or(
        and(eq(changeEvents.tableName, 'people'), eq(changeEvents.recordId, personId)),
        and(eq(changeEvents.tableName, 'affiliations'), inArray(changeEvents.recordId, spans))
      ),
      request.after ? lt(changeEvents.sequence, request.after[0]) : undefined
    ))
    .orderBy(desc(changeEvents.sequence))
    .limit(request.limit + 1)
  const readable = await readableActors(ctx, rows.map(row => row.actor))
  return keysetSlice(rows, request.limit,
    row => ({ sequence: Number(row.sequence), kind: row.kind, recordId: row.recordId, at: row.at, actor: row.actor, actorName: readable(row.actor) }),
    (last): [number] => [Number(last.sequence)])
}
