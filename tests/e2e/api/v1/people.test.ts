import { describe, expect, it, beforeAll } from 'vitest'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'

describe('GET /api/v1/people', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['person.read'])
    await writeChanges(school.context, async (tx, changes) => {
      for (const [familyName, givenNames] of [['Émond', 'Zoë'], ['emond', 'Adam'], ['Zed', 'Al'], ['Abbott', 'Ben']] as const) {
        await insertPerson(tx, changes, school.id, { familyName, givenNames, dateOfBirth: '2015-04-01' })
      }
    })
  })

  it('lists people ordered by name, case- and accent-insensitively, with their date of birth', async () => {
    const answer = await callApi('/api/v1/people', { token })
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((p: any) => `${p.familyName} ${p.givenNames}`)).toEqual(['Abbott Ben', 'emond Adam', 'Émond Zoë', 'Zed Al'])
    expect(answer.body.items[0].dateOfBirth).toBe('2015-04-01')
    expect(answer.body.nextCursor).toBeNull()
  })
})
