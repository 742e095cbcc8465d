import { and, eq, inArray, ne } from 'drizzle-orm'
import { subjectAccessRequests } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { slicesOf } from '../../../db/id-slices'

/**
 * Of `personIds`, those a subject access request still open is about (issue 42 point 4): no erasure runs on them but
 * the one the request itself asks for. `exceptRequestId` leaves that request out, so an erasure carried out for request
 * R (ground `{ kind: 'request', requestId: R }`) is blocked only by another open request about the person, such as an
 * access request still being answered.
 */
export async function personIdsUnderOpenRequest(
  tx: Db, schoolId: string, personIds: readonly string[], exceptRequestId?: string
): Promise<Set<string>> {
  const under = new Set<string>()
  for (const slice of slicesOf(personIds)) {
    const rows = await tx.selectDistinct({ subjectId: subjectAccessRequests.subjectId }).from(subjectAccessRequests)
      .where(and(
        eq(subjectAccessRequests.schoolId, schoolId), eq(subjectAccessRequests.state, 'open'), inArray(subjectAccessRequests.subjectId, slice),
        exceptRequestId ? ne(subjectAccessRequests.id, exceptRequestId) : undefined
      ))
    for (const row of rows) under.add(row.subjectId)
  }
  return under
}
