import { eq } from 'drizzle-orm'
import { onerosterRefreshes, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { defineWorkerQueue } from '../workers/worker-loop'
import { systemContext } from '../shared/context'
import { requireSchool } from '../schools/find-school'
import { todayInZone } from '../days/clock'
import { refreshServedObjects } from './refresh-objects'

/** How often the worker looks for schools whose data moved since their objects were last brought up to date. */
export const refreshPollMs = 30_000

/**
 * The schools a platform pulls from (those with a refresh kept) whose data or day moved since their last
 * refresh: few rows, one per school, so the day is worked out here in each school's zone.
 */
export async function schoolsBehind(database: Database): Promise<string[]> {
  const rows = await database.db.select({
    id: schools.id, timeZone: schools.timeZone, dataVersion: schools.dataVersion, refreshedVersion: onerosterRefreshes.dataVersion, day: onerosterRefreshes.day
  }).from(onerosterRefreshes).innerJoin(schools, eq(schools.id, onerosterRefreshes.schoolId))
  return rows.filter(row => row.dataVersion > row.refreshedVersion || row.day !== todayInZone(row.timeZone)).map(row => row.id)
}

/**
 * Keeps the OneRoster objects close behind each school's data (docs/rosters.md, "OneRoster REST"), so a
 * platform's pull seldom waits for a rebuild. Two instances may claim the same school; the refresh's
 * own lock lets one write and the other finds the work done.
 */
export const oneRosterRefreshQueue = defineWorkerQueue(({ database, stopping }) => ({
  task: 'oneroster:refresh',
  pollMs: refreshPollMs,
  claim: async () => stopping() ? [] : schoolsBehind(database),
  work: async (schoolId: string) => (await refreshServedObjects(systemContext(database, await requireSchool(database, schoolId), 'oneroster:serve'))).changed,
  noteOf: (schoolId: string, changed: number | undefined) => ({ schoolId, changed })
}))
