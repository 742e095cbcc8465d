import type { Db } from '../../../db/client'

/**
 * Of `personIds`, those under a legal hold in force today (issue 42 point 2): the erasure leaves them whole.
 * CONTRACT STUB: the sweep's helper replaces it with the holds table's read.
 */
export async function heldPersonIds(_tx: Db, _schoolId: string, _personIds: readonly string[]): Promise<Set<string>> {
  return new Set()
}
