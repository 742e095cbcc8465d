import { and, eq, inArray, or } from 'drizzle-orm'
import { apiTokens, accounts, staffAccess } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { readRecordedActor, recordedActor, type SystemName } from './actor'

/** How the screens name the service acting for itself. */
const systemWords: Record<SystemName, string> = {
  'cli': 'the admin CLI',
  'first-start': 'the first start of the server',
  'demo': 'the demo school\'s set-up',
  'exports:produce': 'the export task',
  'sync:apply': 'the people sync worker',
  'webhooks:deliver': 'the webhook worker',
  'notifications:deliver': 'the notification workers',
  'absences:notify': 'the absence notices',
  'consents:remind': 'the consent reminders',
  'oneroster:serve': 'the OneRoster REST service',
  'retention:sweep': 'the nightly retention sweep',
  'bench': 'the benchmark',
  'test': 'the tests'
}

/**
 * Each recorded actor as a person reads it, the one way every screen names who did something: a
 * member of staff by their email, a family member by theirs, a token by its purpose, the service by what it was doing
 * (`system:cli` is "the admin CLI"). An account or token since deleted reads as what it was.
 */
export async function actorLabels(db: Db, schoolId: string, actors: readonly (string | null)[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>()
  const staffIds = new Set<string>()
  const tokenIds = new Set<string>()
  for (const actor of new Set(actors)) {
    if (actor === null) continue
    const read = readRecordedActor(actor)
    if (read?.kind === 'staff' || read?.kind === 'family') {
      staffIds.add(read.id)
      labels.set(actor, read.kind === 'staff' ? 'a former member of staff' : 'a family member')
    } else if (read?.kind === 'token') {
      tokenIds.add(read.id)
      labels.set(actor, 'a deleted token')
    } else {
      labels.set(actor, read ? systemWords[read.id as SystemName] ?? `the service (${read.id})` : actor)
    }
  }
  const [members, tokens] = await Promise.all([
    staffIds.size
      ? db.select({ id: accounts.id, email: accounts.email }).from(accounts)
          .where(and(
            inArray(accounts.id, [...staffIds]),
            // Its own accounts, and those of other schools that have or had staff access here (docs/several-schools.md).
            or(
              eq(accounts.schoolId, schoolId),
              inArray(accounts.id, db.select({ id: staffAccess.accountId }).from(staffAccess).where(eq(staffAccess.schoolId, schoolId)))
            )
          ))
      : [],
    tokenIds.size
      ? db.select({ id: apiTokens.id, purpose: apiTokens.purpose }).from(apiTokens)
          .where(and(eq(apiTokens.schoolId, schoolId), inArray(apiTokens.id, [...tokenIds])))
      : []
  ])
  for (const member of members) {
    labels.set(recordedActor({ kind: 'staff', accountId: member.id }), member.email)
    labels.set(`family:${member.id}`, `${member.email} (family)`)
  }
  for (const token of tokens) labels.set(recordedActor({ kind: 'token', tokenId: token.id, issuedVia: 'settings' }), `the token "${token.purpose}"`)
  return labels
}
