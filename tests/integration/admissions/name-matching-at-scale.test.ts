import { beforeAll, describe, expect, it } from 'vitest'
import { people } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { possibleAdults, possibleStudents } from '../../../server/domain/admissions/identify-people'
import { nameSortKey } from '../../../server/domain/people/name-key'
import { newId } from '../../../server/domain/shared/ids'
import { newSchool } from '../../support/schools'
import type { TestSchool } from '../../support/roles-fixtures'

const size = 50_000
const familyNames = ['Ngata', 'Smith', 'Nguyễn', 'Okafor', 'García', 'Müller', 'Kowalski', 'Tanaka', 'Singh', 'Brown']
const givenNames = ['Aroha', 'Sam', 'Thảo', 'Ada', 'José', 'Jürgen', 'Zofia', 'Yuki', 'Priya', 'Noah']

/** How the database would run a query, as text, so a test can tell an index range from a whole-table scan. */
async function planOf(database: Database, query: { toSQL(): { sql: string, params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL()
  if (database.sqliteWriter) return database.sqliteWriter.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((row: any) => row.detail).join('\n')
  const client = (database.db as unknown as { $client: { unsafe(text: string, values: unknown[]): Promise<Record<string, string>[]> } }).$client
  return (await client.unsafe(`EXPLAIN ${sql}`, params)).map(row => Object.values(row)[0]).join('\n')
}

describe('the identification rule at 50,000 people', () => {
  let school: TestSchool

  beforeAll(async () => {
    school = await newSchool()
    const now = new Date().toISOString()
    // Bulk rows straight into the table: the rule reads people, however they came to be there.
    const rows = Array.from({ length: size }, (_, i) => {
      const familyName = `${familyNames[i % 10]}${Math.floor(i / 100)}`
      const given = `${givenNames[Math.floor(i / 10) % 10]} ${givenNames[i % 7]}`
      return {
        id: newId('per'), schoolId: school.id, familyName, givenNames: given, nameKey: nameSortKey(familyName, given),
        dateOfBirth: `20${String(10 + (i % 10)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
        email: `person${i}@example.org`, phone: `+61 4${String(i).padStart(8, '0')}`, createdAt: now, updatedAt: now, deletedAt: null
      }
    })
    await school.database.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(people).values(rows.slice(i, i + 1000))
    })
    if (!school.database.sqliteWriter) await (school.database.db as any).$client.unsafe('ANALYZE people')
  }, 300_000)

  it('finds a possible child by folded family and first given name and date of birth, through an index range', async () => {
    const query = possibleStudents(school.database.db, school.school, { familyName: 'NGATA4', givenNames: 'aroha', dateOfBirth: '2010-05-10' })
    const found = await query
    expect(found.length).toBeGreaterThan(0)
    const plan = await planOf(school.database, query)
    // Which index depends on the statistics (the folded name's or the date of birth's): a range of one, never a scan.
    expect(plan).toMatch(/SEARCH people USING INDEX people_school_id_(name_key_id|date_of_birth)_idx|Index Scan|Bitmap Index Scan/)
    expect(plan).not.toMatch(/SCAN people\b(?! USING)|Seq Scan on people/)
  })

  it('finds a possible adult by email, phone or folded names, each through an index', async () => {
    const query = possibleAdults(
      school.database.db, school.school, { familyName: 'Smith1', givenNames: 'sam  ZOFIA', email: 'person123@example.org', phone: '+61 400000456' }
    )
    expect((await query).length).toBeGreaterThanOrEqual(2)
    const plan = await planOf(school.database, query)
    expect(plan).not.toMatch(/SCAN people\b(?! USING)|Seq Scan on people/)
  })
})
