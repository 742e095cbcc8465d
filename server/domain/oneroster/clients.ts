import { and, eq, gt, isNull } from 'drizzle-orm'
import { onerosterAccessTokens, onerosterClients, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { OneRosterScope } from '../../../shared/vocabulary'
import type { SchoolRef } from '../shared/school-ref'
import { schoolRefFromRow } from '../schools/find-school'
import { currentTime } from '../days/clock'
import { hashTokenSecret } from '../tokens/secrets'

/** Interim: the client's caller by its access token, until the clients' own module lands. */
export async function oneRosterCallerOf(
  database: Database, accessToken: string
): Promise<{ school: SchoolRef, clientId: string, scopes: OneRosterScope[] } | null> {
  if (!/^[\w-]{20,100}$/.test(accessToken)) return null
  const [row] = await database.db.select({ token: onerosterAccessTokens, school: schools }).from(onerosterAccessTokens)
    .innerJoin(onerosterClients, eq(onerosterClients.id, onerosterAccessTokens.clientId))
    .innerJoin(schools, eq(schools.id, onerosterAccessTokens.schoolId))
    .where(and(
      eq(onerosterAccessTokens.tokenHash, hashTokenSecret(accessToken)), gt(onerosterAccessTokens.expiresAt, currentTime().toISOString()),
      isNull(onerosterClients.revokedAt)
    ))
  if (!row) return null
  const { lastEventPosition: _, ...school } = row.school
  return { school: schoolRefFromRow(school), clientId: row.token.clientId, scopes: row.token.scopes.split(' ') as OneRosterScope[] }
}
