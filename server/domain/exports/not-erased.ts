import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { people } from '../../../db/schema'

/**
 * Leaves out the rows about an erased person (issue 42): their tombstones stay in the database for others' sake (a
 * class count, a share another payer carries), but the warehouse, which held their name before, gets no row of
 * theirs after. The person's own row is left out with every deleted person's (tables/people.ts).
 */
export function aboutNoErasedPerson(personColumn: SQLiteColumn): SQL {
  return sql`not exists (select 1 from ${people} where ${people.id} = ${personColumn} and ${people.erasedAt} is not null)`
}
