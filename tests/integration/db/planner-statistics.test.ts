import { afterAll, describe, expect, it } from 'vitest'
import { rmSync } from 'node:fs'
import { and, asc, eq, inArray } from 'drizzle-orm'
import postgres from 'postgres'
import { affiliations, people } from '../../../db/schema'
import { openDatabase, type Database } from '../../../db/client'
import { readDatabaseConfig, sqliteFilesOf } from '../../../db/config'
import { migrateDatabase } from '../../../db/migrate'
import { createSchool } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { insertPerson } from '../../../server/domain/people/person-record'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { testDatabase } from '../../support/schools'

/** A school of 400 students with a span each, and the spans of 50 of them read as the directory reads a page's. */
async function schoolOfSpans(database: Database) {
  const { id } = await createSchool(database, { name: 'Planner College', timeZone: 'Australia/Sydney' })
  const context = systemContext(database, await requireSchool(database, id), 'test')
  await writeChanges(context, async (tx, changes) => {
    for (let i = 0; i < 400; i++) {
      const personId = await insertPerson(tx, changes, id, { familyName: `Planner${i}`, givenNames: 'Pat' })
      await insertAffiliation(tx, changes, context.school, { personId, kind: 'student', validFrom: '2024-01-29', yearLevel: String(1 + (i % 6)) })
    }
  })
  const ids = (await database.db.select({ id: people.id }).from(people).where(eq(people.schoolId, id)).limit(50)).map(row => row.id)
  const query = database.db.select({ personId: affiliations.personId }).from(affiliations)
    .where(and(eq(affiliations.schoolId, id), inArray(affiliations.personId, ids)))
    .orderBy(asc(affiliations.personId), asc(affiliations.kind), asc(affiliations.validFrom))
  return { query }
}

/**
 * SQLite plans without statistics until it is asked for them, and then chose a school's index for a page's
 * people's spans (ordered like that index) over the person's: a scan of the school's spans for every
 * directory search and record. With the statistics `refreshStatistics` gives it, it reads the person's.
 * On SQLite the test has a database of its own, since the plan depends on how the rows spread over schools.
 */
describe('the query planner\'s statistics', () => {
  const shared = readDatabaseConfig()
  const ownPath = `.data/planner-statistics-${process.pid}.db`
  afterAll(() => {
    for (const file of sqliteFilesOf(ownPath)) rmSync(file, { force: true })
  })

  it.runIf(shared.dialect === 'sqlite')('lead SQLite to read a page\'s people\'s spans by person, not by walking the school, on the connection the '
    + 'reads use', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: ownPath })
    try {
      await migrateDatabase(database)
      const { query: spans } = await schoolOfSpans(database)
      const reader = (database.db as unknown as { $client: import('better-sqlite3').Database }).$client
      const plan = () =>
        (reader.prepare(`explain query plan ${spans.toSQL().sql}`).all(...spans.toSQL().params) as { detail: string }[]).map(row => row.detail).join(' | ')
      expect(plan()).not.toMatch(/INDEX affiliations_person_id/)
      await database.refreshStatistics()
      expect(await spans).toHaveLength(50)
      expect(plan()).toMatch(/USING (COVERING )?INDEX affiliations_person_id/)
    } finally {
      await database.close()
    }
  })

  it.runIf(shared.dialect === 'postgresql')('are taken on PostgreSQL whether or not autovacuum runs (it is off on this project\'s CI machine)', async () => {
    const { query: spans } = await schoolOfSpans(testDatabase())
    await testDatabase().refreshStatistics()
    expect(await spans).toHaveLength(50)
    const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
    try {
      const [table] = await client<{ analysed: Date | null }[]>`select coalesce(last_analyze, last_autoanalyze) as analysed
        from pg_stat_user_tables where relname = 'affiliations' and schemaname = current_schema()`
      expect(table!.analysed).not.toBeNull()
    } finally {
      await client.end()
    }
  })
})
