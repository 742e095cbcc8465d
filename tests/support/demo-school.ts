import { inject } from 'vitest'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { testDatabase } from './schools'

/**
 * The one demo school the browser tests share (made once per run by tests/support/setup-browser.ts:
 * `seedDemoSchool`, 200 students with families, tours, applications and a timetable), as a test's
 * school. Tests may add to it and change what they made; none may assume counts another test can
 * move, and a test that needs a school of its own (counts, settings other screens read) makes one
 * with newSchool.
 */
export async function demoSchool() {
  const database = testDatabase()
  const school = await requireSchool(database, inject('demoSchoolId'))
  return { id: school.id, school, database, context: systemContext(database, school, 'test') }
}
