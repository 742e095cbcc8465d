import type { Database } from '../../../../db/client'
import { createSchool } from '../../schools/create-school'
import { requireSchool } from '../../schools/find-school'
import { systemContext } from '../../shared/context'
import { districtSchoolName, districtSchoolSeed, type DistrictShape } from './district-shape'
import { seedDemoSchool } from './seed-demo-school'
import { seedDemoConsentAsk } from './demo-consent-ask'
import { seedDemoFeeSchedule } from './demo-fee-schedule'

/**
 * The `index`th school of the bench's district: a new school filled as `admin demo` fills one (families,
 * staff, ten years of leavers, its timetable, tours and applications), with the district's shape and a
 * seed of its own, then this year's consent ask to every year group and its published fee schedule.
 */
export async function seedDistrictSchool(database: Database, shape: DistrictShape, index: number) {
  const { id } = await createSchool(database, { name: districtSchoolName(index), timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
  const ctx = systemContext(database, await requireSchool(database, id), 'demo')
  const demo = await seedDemoSchool(ctx, { students: shape.studentsPerSchool, seed: districtSchoolSeed(index), childrenPerFamily: shape.childrenPerFamily })
  return { schoolId: id, ...demo, ...await seedDemoConsentAsk(ctx), ...await seedDemoFeeSchedule(ctx) }
}
