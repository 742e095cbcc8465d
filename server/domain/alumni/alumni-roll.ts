import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import { affiliations, people } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
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
      lastDayAtFinalLevel: sql<string | null>`max(case when ${affiliations.yearLevel} = ${placeholder('finalYearLevel')} then ${affiliations.validTo} end)`.as('last_day_at_final_level')
    })
    .from(people)
    .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), lte(affiliations.validFrom, asAt)))
    .where(and(eq(people.schoolId, placeholder('schoolId')), isNull(people.deletedAt)))
    // Grouped in the name index's order (the id, a key, carries the names), so neither database sorts.
    .groupBy(people.nameKey, people.id)
    .having(sql`${lastDay} < ${asAt}`)
    .orderBy(asc(people.nameKey), asc(people.id))
}

interface Roll { version: number, entries: AlumnusEntry[] }

const rollsByDatabase = new WeakMap<Database, Map<string, Roll>>()
const maxEntriesHeld = 200_000

/**
 * The alumni roll as at a day, kept in memory between requests while the school's data is
 * unchanged, so paging through it is a slice rather than a query over every student span.
 *
 * Every write of school data bumps the school's data version in its transaction, and the version in
 * the SchoolRef was read before the roll is, so a roll is never older than the version it is held
 * under (the rule of server/utils/answer-cache.ts). School settings (rule, final year level, zone)
 * and the day are part of the key.
 */
export async function alumniRoll(database: Database, school: SchoolRef, asAt: string): Promise<AlumnusEntry[]> {
  const version = school.dataVersion
  const key = [school.id, asAt, school.lists.alumniRule, school.lists.finalYearLevel, school.timeZone].join('\u0000')
  let rolls = rollsByDatabase.get(database)
  if (!rolls) rollsByDatabase.set(database, rolls = new Map())
  const held = rolls.get(key)
  if (held && held.version === version) return held.entries

  const rows = await database.prepared('alumni-roll', alumniRollQuery)({ schoolId: school.id, asAt, finalYearLevel: school.lists.finalYearLevel })
  const completedOnly = school.lists.alumniRule === 'completed_final_year'
  const entries = rows
    .filter(row => !completedOnly || row.lastDayAtFinalLevel === row.lastDay)
    .map(row => ({ id: row.id, nameKey: row.nameKey, familyName: row.familyName, givenNames: row.givenNames, ...leavingTimes(row.lastDay, school.timeZone) }))
  rolls.delete(key)
  rolls.set(key, { version, entries })
  let total = 0
  for (const roll of rolls.values()) total += roll.entries.length
  for (const [oldest, roll] of rolls) {
    if (total <= maxEntriesHeld || oldest === key) break
    rolls.delete(oldest)
    total -= roll.entries.length
  }
  return entries
}
