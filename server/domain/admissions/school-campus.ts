import { asc, eq } from 'drizzle-orm'
import { campuses } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { validationFailed } from '../shared/domain-error'

export type CampusRow = typeof campuses.$inferSelect

/** The school's campuses, by name. */
export function schoolCampuses(db: Db, school: SchoolRef): Promise<CampusRow[]> {
  return db.select().from(campuses).where(eq(campuses.schoolId, school.id)).orderBy(asc(campuses.name))
}

/**
 * The campus a request names (by its name, as the interface speaks of campuses), or `validation_failed`
 * on `path`. Where it names none, a one-campus school's campus is meant; a school with several needs
 * one named when `required`, and a school with none has none to name.
 */
export async function campusNamed(db: Db, school: SchoolRef, name: string | null | undefined, path: string, required: boolean): Promise<CampusRow | null> {
  const rows = await schoolCampuses(db, school)
  if (name == null) {
    if (rows.length === 1) return rows[0]!
    if (rows.length > 1 && required) {
      throw validationFailed([{ path, message: `Required where the school has more than one campus. It has: ${rows.map(c => c.name).join(', ')}.` }])
    }
    return null
  }
  const campus = rows.find(row => row.name === name)
  if (!campus) {
    throw validationFailed([
      { path, message: rows.length ? `The school has no campus "${name}". It has: ${rows.map(c => c.name).join(', ')}.` : 'The school has no campuses.' }
    ])
  }
  return campus
}
