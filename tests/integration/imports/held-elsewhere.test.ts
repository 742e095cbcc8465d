import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { changeEvents } from '../../../db/schema'
import { correctPersonName } from '../../../server/domain/people/correct-name'
import { setDateOfBirth } from '../../../server/domain/people/date-of-birth'
import { openAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { closeAffiliation } from '../../../server/domain/affiliations/close-affiliation'
import { placeStudent } from '../../../server/domain/affiliations/place-student'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { systemContext } from '../../../server/domain/shared/context'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

describe('parts of a person held elsewhere', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let ctx: ReturnType<typeof systemContext>
  let personId: string, studentSpan: string, staffSpan: string

  beforeAll(async () => {
    school = await newSchool()
    personId = await writeChanges(
      school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Tane', givenNames: 'Mere', dateOfBirth: '2014-05-05' })
    )
    studentSpan = await openAffiliation(school.context, { personId, kind: 'student', validFrom: '2024-01-30', yearLevel: '5' })
    staffSpan = await openAffiliation(school.context, { personId, kind: 'volunteer', validFrom: '2024-01-30' })
    const updated = await updateSchoolSettings(school.context, { heldElsewhere: ['names', 'dateOfBirth', 'studentSpans'] })
    ctx = systemContext(school.database, updated, 'test')
  })

  const events = async () => (await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length

  it.each([
    ['a name', () => correctPersonName(ctx, personId, { familyName: 'Other', givenNames: 'Mere' })],
    ['a date of birth', () => setDateOfBirth(ctx, personId, '2014-06-06')],
    ['a new student span', () => openAffiliation(ctx, { personId, kind: 'student', validFrom: '2030-01-01' })],
    ['the end of a student span', () => closeAffiliation(ctx, studentSpan, { lastDay: '2025-12-01' })],
    ['a student\'s year level', () => placeStudent(ctx, studentSpan, { yearLevel: '6' })]
  ])('refuses %s with held_elsewhere and writes nothing', async (_, change) => {
    const before = await events()
    await expect(change()).rejects.toMatchObject({ code: 'held_elsewhere' })
    expect(await events()).toBe(before)
  })

  it('still lets other spans change', async () => {
    await closeAffiliation(ctx, staffSpan, { lastDay: '2025-12-01' })
  })

  it('refuses parts it does not know', async () => {
    await expect(updateSchoolSettings(school.context, { heldElsewhere: ['email' as never] })).rejects.toMatchObject({ code: 'unprocessable' })
  })
})
