import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { changeEvents, people } from '../../../db/schema'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../server/domain/people/person-record'
import { newSchool } from '../../support/schools'

describe('writeChanges: every write and its change events in one transaction', () => {
  const rowsOf = async (school: Awaited<ReturnType<typeof newSchool>>) => ({
    people: (await school.database.db.select().from(people).where(eq(people.schoolId, school.id))).length,
    events: (await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length
  })

  it('commits the change with its event', async () => {
    const school = await newSchool()
    const id = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Kept', givenNames: 'One' }))
    expect(await rowsOf(school)).toEqual({ people: 1, events: 1 })
    const [event] = await school.database.db.select().from(changeEvents).where(eq(changeEvents.recordId, id))
    expect(event).toMatchObject({ kind: 'person.created', tableName: 'people', schoolId: school.id })
  })

  it('leaves neither rows nor events when the work fails half-way', async () => {
    const school = await newSchool()
    await expect(writeChanges(school.context, async (tx, changes) => {
      await insertPerson(tx, changes, school.id, { familyName: 'Half', givenNames: 'Written' })
      throw new Error('the second row was refused')
    })).rejects.toThrow('the second row was refused')
    expect(await rowsOf(school)).toEqual({ people: 0, events: 0 })
  })

  it('rolls back a write that forgot to record its change', async () => {
    const school = await newSchool()
    await expect(writeChanges(school.context, async (tx) => {
      await tx.insert(people).values({
        id: 'per_unannounced000000', schoolId: school.id, familyName: 'Silent', givenNames: 'Write', nameKey: 'silent', createdAt: '', updatedAt: ''
      })
    })).rejects.toThrow(/no change event/)
    expect(await rowsOf(school)).toEqual({ people: 0, events: 0 })
  })

  it('keeps concurrent writes apart', async () => {
    const school = await newSchool()
    await Promise.all(Array.from({ length: 10 }, (_, i) => writeChanges(school.context, (tx, changes) =>
      insertPerson(tx, changes, school.id, { familyName: 'Parallel', givenNames: String(i) }))))
    expect(await rowsOf(school)).toEqual({ people: 10, events: 10 })
  })
})
