import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { nameSortKey } from './name-key'

export interface NewPerson {
  familyName: string
  givenNames: string
  dateOfBirth?: string | null
  email?: string | null
  phone?: string | null
  preferredLanguage?: string | null
}

/** A new person's row, with a fresh id: the one shape every writer of people uses (the demo's bulk inserts too). */
export function personRow(schoolId: string, person: NewPerson, now: string) {
  return {
    id: newId('per'),
    schoolId,
    familyName: person.familyName,
    givenNames: person.givenNames,
    nameKey: nameSortKey(person.familyName, person.givenNames),
    dateOfBirth: person.dateOfBirth ?? null,
    email: person.email ?? null,
    phone: person.phone ?? null,
    preferredLanguage: person.preferredLanguage ?? null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null
  } satisfies typeof people.$inferInsert
}

/** Opens a person record inside a write and announces it. */
export async function insertPerson(tx: Db, changes: ChangeLog, schoolId: string, person: NewPerson): Promise<string> {
  const row = personRow(schoolId, person, timestampNow())
  await tx.insert(people).values(row)
  changes.record('person.created', 'people', row.id)
  return row.id
}

/** What the interface shows of a person. */
export function personView(row: Pick<typeof people.$inferSelect, 'id' | 'familyName' | 'givenNames' | 'dateOfBirth' | 'preferredLanguage'>) {
  return { id: row.id, familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth, preferredLanguage: row.preferredLanguage }
}
