import { asc } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import type { Database } from '../../../db/client'

export interface SchoolListing {
  id: string
  name: string
  timeZone: string
  createdAt: string
}

/** Every school in the database, oldest first: what `admin school list` and a restart of `npm start` show. */
export function listSchools(database: Database): Promise<SchoolListing[]> {
  return database.db.select({ id: schools.id, name: schools.name, timeZone: schools.timeZone, createdAt: schools.createdAt })
    .from(schools).orderBy(asc(schools.createdAt), asc(schools.id))
}
