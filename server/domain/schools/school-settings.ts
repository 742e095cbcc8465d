import { eq } from 'drizzle-orm'
import { schools, type SchoolLists } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { isTimeZone, SchoolInputError } from './create-school'
import { requireSchool } from './find-school'

export const alumniRules = ['any_former_student', 'completed_final_year'] as const satisfies readonly SchoolLists['alumniRule'][]

export interface SchoolSettings {
  timeZone?: string
  /** In order, lowest first. */
  yearLevels?: string[]
  finalYearLevel?: string
  alumniRule?: SchoolLists['alumniRule']
}

/**
 * Changes the settings a school keeps for people and roles: its time zone, its year levels and
 * which is final, and who counts as an alumnus. Returns the school as it now is.
 */
export async function updateSchoolSettings(database: Database, schoolId: string, settings: SchoolSettings) {
  const school = await requireSchool(database, schoolId)
  const lists: SchoolLists = { ...school.lists }
  if (settings.yearLevels !== undefined) {
    const levels = settings.yearLevels.map(level => level.trim())
    if (levels.length === 0 || levels.some(level => !level) || new Set(levels).size !== levels.length) {
      throw new SchoolInputError('Year levels must be a non-empty list of distinct names.')
    }
    lists.yearLevels = levels
  }
  if (settings.finalYearLevel !== undefined) lists.finalYearLevel = settings.finalYearLevel
  if (!lists.yearLevels.includes(lists.finalYearLevel)) {
    throw new SchoolInputError(`The final year level "${lists.finalYearLevel}" is not one of the school's year levels (${lists.yearLevels.join(', ')}).`)
  }
  if (settings.alumniRule !== undefined) {
    if (!alumniRules.includes(settings.alumniRule)) throw new SchoolInputError(`The alumni rule is one of ${alumniRules.join(', ')}.`)
    lists.alumniRule = settings.alumniRule
  }
  const timeZone = settings.timeZone ?? school.timeZone
  if (!isTimeZone(timeZone)) throw new SchoolInputError(`${timeZone} is not an IANA time zone.`)
  await database.transaction(tx => tx.update(schools).set({ timeZone, lists: JSON.stringify(lists) }).where(eq(schools.id, school.id)))
  return requireSchool(database, schoolId)
}
