import { and, eq } from 'drizzle-orm'
import { personSourceIds } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'

/** The HRIS's "system" among a person's source ids; a people sync's system name cannot start with `#`. */
export const hrisSystem = '#hris'

/** Every person the school has matched to an id of `system`: source id to person id. */
export async function sourceIdMap(db: Db, school: SchoolRef, system: string): Promise<Map<string, string>> {
  const rows = await db.select({ sourceId: personSourceIds.sourceId, personId: personSourceIds.personId }).from(personSourceIds)
    .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.system, system)))
  return new Map(rows.map(row => [row.sourceId, row.personId]))
}

/** Items by a key (Map.groupBy arrives with Node 21). */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}
