import { describe, expect, it, beforeAll } from 'vitest'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { setPreferredLanguage } from '../../../../server/domain/people/preferred-language'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'
import { requireSchool } from '../../../../server/domain/schools/find-school'

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

describe('the person\'s preferredLanguage (interface 1.2)', () => {
  it('is on the Person with person.read, in a list and alone: the shipped tag, or null for the school\'s own', async () => {
    const school = await newSchool()
    const token = await school.token(['person.read'])
    await updateSchoolSettings(school.context, { languages: ['es'] })
    const [chosen, none] = await writeChanges(school.context, async (tx, changes) => [
      await insertPerson(tx, changes, school.id, { familyName: 'Garcia', givenNames: 'Lucia' }),
      await insertPerson(tx, changes, school.id, { familyName: 'Smith', givenNames: 'Jo' })
    ])
    await setPreferredLanguage({ ...school.context, school: await requireSchool(school.database, school.id) }, chosen!, 'ES')
    expect((await callApi(`/api/v1/people/${chosen}`, { token })).body).toEqual({
      id: chosen, familyName: 'Garcia', givenNames: 'Lucia', dateOfBirth: null, preferredLanguage: 'es'
    })
    const list = await callApi('/api/v1/people', { token })
    expect(list.body.items.map((person: { id: string, preferredLanguage: string | null }) => [person.id, person.preferredLanguage]))
      .toEqual([[chosen, 'es'], [none, null]])
  })

  it('is written by the people sync when a row gives it; a refused one is a problem of the row, and the run goes on', async () => {
    const school = await newSchool()
    await updateSchoolSettings(school.context, { languages: ['ar'] })
    const token = await school.token(['people.sync', 'person.read'])
    const file = ['id,familyName,givenNames,dateOfBirth,preferredLanguage', 'A1,Haddad,Layla,2015-01-01,ar', 'A2,Roux,Jean,2015-02-02,not a tag'].join('\n')
    const staged = await callApi('/api/v1/people/sync', { token, body: { system: 'sis', scope: 'full', file }, headers: { 'idempotency-key': 'lang-sync-1' } })
    expect(staged.status).toBe(202)
    expect(staged.body.unreadable).toEqual([])
    expect(staged.body.problems).toEqual([{ row: 3, column: 'preferredLanguage', reason: expect.stringContaining('Not a language tag') }])
  })
})
