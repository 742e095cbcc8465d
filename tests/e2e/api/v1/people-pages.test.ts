import { beforeAll, describe, expect, it } from 'vitest'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { nameSortKey } from '../../../../server/domain/people/name-key'
import { demoFamilyNames, demoGivenNames } from '../../../../server/domain/setup/demo/demo-names'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'

describe('paging through people', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string

  const addPeople = (count: number, offset: number) => writeChanges(school.context, async (tx, changes) => {
    for (let i = 0; i < count; i++) {
      const n = i + offset
      await insertPerson(tx, changes, school.id, {
        familyName: demoFamilyNames[n % demoFamilyNames.length]!,
        // Every seventh name repeats exactly, so the id has to break ties.
        givenNames: n % 7 === 0 ? 'Sam' : `${demoGivenNames[n % demoGivenNames.length]} ${n}`
      })
    }
  })

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['person.read'])
    await addPeople(2500, 0)
  })

  it('returns each person once, in name order, while people are added between pages', async () => {
    const seen: { id: string, familyName: string, givenNames: string }[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const answer: any = await callApi(`/api/v1/people?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token })
      expect(answer.status).toBe(200)
      expect(answer.body.items.length).toBeLessThanOrEqual(1000)
      seen.push(...answer.body.items)
      cursor = answer.body.nextCursor
      await addPeople(50, 10_000 + pages * 50)
      pages++
    } while (cursor)

    const ids = seen.map(p => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThanOrEqual(2500)
    const keys = seen.map(p => [nameSortKey(p.familyName, p.givenNames), p.id] as const)
    const sorted = [...keys].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1)
    expect(keys).toEqual(sorted)
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=eyJmb3JnZWQiOnRydWV9.AAAAAAAAAAAAAAAAAAAAAA', 'cursor'],
    ['colour=red', 'colour']
  ])('refuses %s naming %s', async (query, field) => {
    const answer = await callApi(`/api/v1/people?${query}`, { token })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual([field])
  })

  it('refuses a cursor whose payload was changed, and one from another school', async () => {
    const first = await callApi('/api/v1/people?limit=2', { token })
    const [payload, signature] = first.body.nextCursor.split('.')
    const tampered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(/"per_/, '"per_0')).toString('base64url')
    expect(fieldPaths(await callApi(`/api/v1/people?cursor=${tampered}.${signature}`, { token }))).toEqual(['cursor'])

    const other = await newSchool()
    const answer = await callApi(`/api/v1/people?cursor=${first.body.nextCursor}`, { token: await other.token(['person.read']) })
    expect(fieldPaths(answer)).toEqual(['cursor'])
  })

  it('defaults to 100 a page', async () => {
    const answer = await callApi('/api/v1/people', { token })
    expect(answer.body.items).toHaveLength(100)
    expect(typeof answer.body.nextCursor).toBe('string')
  })
})
