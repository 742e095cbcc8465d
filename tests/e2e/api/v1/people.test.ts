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

  it('shows a change on the very next request, though pages are kept between requests', async () => {
    const before = await callApi('/api/v1/people', { token })
    const again = await callApi('/api/v1/people', { token })
    expect(again.body).toEqual(before.body)
    const id = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Aardvark', givenNames: 'New' }))
    const after = await callApi('/api/v1/people', { token })
    expect(after.body.items[0]).toMatchObject({ id, familyName: 'Aardvark' })
    expect(after.body.items).toHaveLength(before.body.items.length + 1)
  })
})
