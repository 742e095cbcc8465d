/**
 * The district's build, a bench step of its own (`tsx scripts/bench/district-build.ts SCHOOLS CONCURRENCY` on
 * DATABASE_URL, an emptied database): migrates it and fills SCHOOLS district schools (seedDistrictSchool),
 * CONCURRENCY at a time. Prints a line a school on stderr and, last on stdout, the JSON of what it made and how
 * long it took; the bench marks the database (district-marker.ts) once it has exited well.
 */
import { openDatabase } from '../../db/client'
import { migrateDatabase } from '../../db/migrate'
import { seedDistrictSchool } from '../../server/domain/setup/demo/seed-district-school'
import { districtShape } from '../../server/domain/setup/demo/district-shape'

const [schoolsText, concurrencyText] = process.argv.slice(2)
const shape = districtShape(Number(schoolsText))
const concurrency = Math.max(1, Number(concurrencyText))
const started = performance.now()
const database = openDatabase()
try {
  await migrateDatabase(database)
  const totals = { students: 0, carers: 0, staff: 0, alumni: 0 }
  let next = 0
  const builder = async () => {
    for (let index = next++; index < shape.schools; index = next++) {
      const school = await seedDistrictSchool(database, shape, index)
      for (const field of Object.keys(totals) as (keyof typeof totals)[]) totals[field] += school[field]
      const seconds = (performance.now() - started) / 1000
      console.error(`  school ${index + 1} of ${shape.schools} (${school.schoolId}) in; ${seconds.toFixed(0)} s so far`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, shape.schools) }, builder))
  await database.refreshStatistics()
  const seconds = (performance.now() - started) / 1000
  console.log(JSON.stringify({ schools: shape.schools, seconds, ...totals }))
} finally {
  await database.close()
}
