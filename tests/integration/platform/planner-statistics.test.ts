import { describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import postgres from 'postgres'
import { affiliations, people } from '../../../db/schema'
import { insertPerson } from '../../../server/domain/people/person-record'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

/**
 * SQLite plans without statistics until it is asked for them, and then chose a school's index for a page's
 * people's spans (ordered like that index) over the person's: a scan of the school's spans for every
 * directory search and record. With the statistics `refreshStatistics` gives it, it reads the person's.
 */
describe('the query planner\'s statistics', () => {
  it('are refreshed on both databases, and SQLite then reads a page\'s people\'s spans by person, not by walking the school', async () => {
    const school = await newSchool({ name: 'Planner College' })
    await writeChanges(school.context, async (tx, changes) => {
      for (let i = 0; i < 400; i++) {
        const personId = await insertPerson(tx, changes, school.id, { familyName: `Planner${i}`, givenNames: 'Pat' })
        await insertAffiliation(tx, changes, school.school, { personId, kind: 'student', validFrom: '2024-01-29', yearLevel: String(1 + (i % 6)) })
      }
    })
    await school.database.refreshStatistics()
    const ids = (await school.database.db.select({ id: people.id }).from(people).where(eq(people.schoolId, school.id)).limit(50)).map(row => row.id)
    const spans = school.database.db.select({ personId: affiliations.personId }).from(affiliations)
      .where(and(eq(affiliations.schoolId, school.id), inArray(affiliations.personId, ids)))
      .orderBy(asc(affiliations.personId), asc(affiliations.kind), asc(affiliations.validFrom))
    expect(await spans).toHaveLength(50)
    if (school.database.dialect === 'postgresql') {
      // Analysed whether or not autovacuum runs (it is off on this project's CI machine).
      const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
      try {
        const [table] = await client<{ analysed: Date | null }[]>`select coalesce(last_analyze, last_autoanalyze) as analysed from pg_stat_user_tables where relname = 'affiliations' and schemaname = current_schema()`
        expect(table!.analysed).not.toBeNull()
      } finally {
        await client.end()
      }
      return
    }
    const planned = spans.toSQL()
    // Planned on the connection the reads use, which must have been told of the new statistics.
    const reader = (school.database.db as unknown as { $client: import('better-sqlite3').Database }).$client
    const plan = (reader.prepare(`explain query plan ${planned.sql}`).all(...planned.params) as { detail: string }[]).map(row => row.detail).join(' | ')
    expect(plan).toMatch(/USING (COVERING )?INDEX affiliations_person_id/)
  })
})
