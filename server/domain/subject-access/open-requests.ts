import type { Db } from '../../../db/client'

/**
 * Of `personIds`, those a subject access request still open is about (issue 42 point 4): no erasure runs on them but
 * the one the request itself asks for (`exceptRequestId`, an erasure request being carried out).
 * CONTRACT STUB: the subject access helper replaces it with its table's read.
 */
export async function personIdsUnderOpenRequest(
  _tx: Db, _schoolId: string, _personIds: readonly string[], _exceptRequestId?: string
): Promise<Set<string>> {
  return new Set()
}
