import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents } from '../../../db/schema'
import { changePersonContact } from '../../../server/domain/people/contact-details'
import { listPersonChanges } from '../../../server/domain/people/person-changes'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

const addPerson = (school: School, givenNames: string) => writeChanges(school.context, (tx, changes) =>
  insertPerson(tx, changes, school.id, { familyName: 'Changes', givenNames, dateOfBirth: '2014-03-04' }))

/*
 * The staff screens' list of a person's changes shows no outbox `sequence`: that counter is the
 * deployment's, and its gaps would tell a school's staff how much other schools wrote in between.
 * The list is ordered and paged by the school's own position (change_events.position) instead.
 */
describe('a person\'s changes on the staff screens', () => {
  it('carry no deployment-wide number, and page by the school\'s own positions past other schools\' writes', async () => {
    const school = await newSchool({ name: 'Changes Here School' })
    const elsewhere = await newSchool({ name: 'Changes Elsewhere School' })
    const person = await addPerson(school, 'Mere')
    // Another school writes between each of this person's changes.
    for (const [i, phone] of ['021 000 001', '021 000 002', '021 000 003'].entries()) {
      for (let j = 0; j < 3; j++) await addPerson(elsewhere, `Other ${i} ${j}`)
      expect(await changePersonContact(school.context, person, { phone })).toBe(true)
    }

    const seen: Record<string, unknown>[] = []
    let after: [number] | undefined
    for (;;) {
      const page = await listPersonChanges(school.context, person, { limit: 1, after })
      seen.push(...page.items)
      if (!page.next) break
      after = page.next
    }
    expect(seen.map(item => item.kind)).toEqual(['person.updated', 'person.updated', 'person.updated', 'person.created'])
    for (const item of seen) {
      expect(Object.keys(item).sort()).toEqual(['actor', 'actorName', 'at', 'kind', 'recordId'])
      expect(Object.values(item).some(value => typeof value === 'number')).toBe(false)
    }
    // The page's position is the school's own: the person's changes hold positions with nothing of the other school's between.
    const positions = (await school.database.db.select({ position: changeEvents.position }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.recordId, person)))).map(row => Number(row.position)).sort((a, b) => b - a)
    const firstPage = await listPersonChanges(school.context, person, { limit: 1 })
    expect(firstPage.next).toEqual([positions[0]])
  })
})
