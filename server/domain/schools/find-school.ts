import { eq } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'

/** Turns a stored school row into the reference every domain function takes. */
export function schoolRefFromRow(row: Omit<typeof schools.$inferSelect, 'lastEventPosition'>): SchoolRef {
  return { id: row.id, name: row.name, timeZone: row.timeZone, lists: JSON.parse(row.lists), modules: JSON.parse(row.modules), dataVersion: row.dataVersion }
}

export async function requireSchool(database: Database, schoolId: string): Promise<SchoolRef> {
  const [row] = await database.db.select().from(schools).where(eq(schools.id, schoolId))
  if (!row) throw domainError('not_found', [`No school has the id ${schoolId}.`])
  return schoolRefFromRow(row)
}
