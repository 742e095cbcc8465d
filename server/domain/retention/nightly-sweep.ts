import { asc } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { systemContext } from '../shared/context'
import { schoolRefFromRow } from '../schools/find-school'
import { eraseDue, previewRetention } from './sweep'

/**
 * The nightly retention sweep (server/tasks/retention/sweep.ts): for each school, the due list worked out afresh, then
 * what has been in it fourteen days acted on, as the system actor `retention:sweep`. One school's fault is reported and
 * the next school swept. Two instances running it at once do no harm: a person erased already is `not_found` to the
 * second, and a batch deleted already is not found again.
 */
export async function sweepAllSchools(database: Database) {
  const swept: { schoolId: string, due: number, erased: number, deleted: number, held: number }[] = []
  const failed: { schoolId: string, error: string }[] = []
  for (const row of await database.db.select().from(schools).orderBy(asc(schools.id))) {
    const ctx = systemContext(database, schoolRefFromRow(row), 'retention:sweep')
    try {
      const { counts } = await previewRetention(ctx)
      const done = await eraseDue(ctx)
      swept.push({ schoolId: row.id, due: Object.values(counts).reduce((sum, each) => sum + each, 0), ...done })
    } catch (fault) {
      // The fault's class and message only: never a value of the school's data.
      failed.push({ schoolId: row.id, error: fault instanceof Error ? `${fault.name}: ${fault.message}` : 'unknown fault' })
    }
  }
  return { swept, failed }
}
