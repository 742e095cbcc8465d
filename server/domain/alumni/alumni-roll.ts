import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import { affiliations, people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { schoolDataCache } from '../shared/school-data-cache'
import { leavingTimes } from './alumni-rule'

export interface AlumnusEntry {
  id: string
  nameKey: string
  familyName: string
  givenNames: string
  leftAt: string
  exitYear: number
}

// Later than every real day, so a span still open counts as ending after any `asAt`.
const openEnded = '9999-12-31'
const placeholder = (name: string) => sql.placeholder(name)

/**
 * Every alumnus of the school as at a day, ordered by name key then id: the rule of
 * `alumni-rule.ts` in SQL. Per person, the latest end of the student spans begun by the day (an open
 * span counting as never ending) must fall before the day; under `completed_final_year` the span
 * that ended then must be at the final year level (spans of one person never overlap, so only one
 * can end on that day). Deleted people are left out.
 */
function alumniRollQuery(db: Db) {
  const asAt = placeholder('asAt')
  const lastDay = sql<string>`max(coalesce(${affiliations.validTo}, ${openEnded}))`
  return db
    .select({
      id: people.id,
      familyName: people.familyName,
      givenNames: people.givenNames,
      nameKey: people.nameKey,
      lastDay: lastDay.as('last_day'),
      lastDayAtFinalLevel: sql<string | null>`max(case when ${affiliations.yearLevel} = ${placeholder('finalYearLevel')} then ${affiliations.validTo} end)`
        .as('last_day_at_final_level')
    })
    .from(people)
    .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), lte(affiliations.validFrom, asAt)))
    .where(and(eq(people.schoolId, placeholder('schoolId')), isNull(people.deletedAt)))
    // Grouped in the name index's order (the id, a key, carries the names), so neither database sorts.
    .groupBy(people.nameKey, people.id)
    .having(sql`${lastDay} < ${asAt}`)
    .orderBy(asc(people.nameKey), asc(people.id))
}

/**
 * The alumni roll as at a day, kept between requests while the school's data is unchanged (in the
 * one store of kept values, shared/school-data-cache.ts), so paging through it is a slice rather than
 * a query over every student span. School settings (rule, final year level, zone) bump the data
 * version too, and are part of the key all the same.
 */
export function alumniRoll({ database, school }: DomainContext, asAt: string): Promise<AlumnusEntry[]> {
  const key = ['alumni-roll', asAt, school.lists.alumniRule, school.lists.finalYearLevel, school.timeZone].join('\u0000')
  return schoolDataCache.get(school, key, async () => {
    const rows = await database.prepared('alumni-roll', alumniRollQuery)({ schoolId: school.id, asAt, finalYearLevel: school.lists.finalYearLevel })
    const completedOnly = school.lists.alumniRule === 'completed_final_year'
    return rows
      .filter(row => !completedOnly || row.lastDayAtFinalLevel === row.lastDay)
      .map(row => ({ id: row.id, nameKey: row.nameKey, familyName: row.familyName, givenNames: row.givenNames, ...leavingTimes(row.lastDay, school.timeZone) }))
  }, rollBytes)
}

/** About what the roll takes in memory: each entry's object and string headers, and two bytes a character. */
function rollBytes(entries: AlumnusEntry[]): number {
  return entries.reduce(
    (bytes, entry) => bytes + 160 + 2 * (entry.id.length + entry.nameKey.length + entry.familyName.length + entry.givenNames.length + entry.leftAt.length),
    0
  )
}
