import { beforeAll, describe, expect, it } from 'vitest'
import { nameSortKey } from '../../../../server/domain/people/name-key'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, type PersonWithSpans, type TestSchool } from '../../../support/roles-fixtures'

const roll: PersonWithSpans[] = [
  { familyName: 'Ó Súilleabháin', givenNames: 'Aoife', spans: [{ validFrom: '2019-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
  { familyName: 'Quennell', givenNames: 'Zephyrine', spans: [{ validFrom: '2018-01-29', validTo: '2023-12-06', yearLevel: '12' }] },
  { familyName: 'Rakotomalala', givenNames: 'Mirindra', spans: [{ validFrom: '2020-01-28' }, { kind: 'volunteer', validFrom: '2021-03-01' }] },
  { familyName: 'Szczepańska', givenNames: 'Weronika', spans: [{ validFrom: '2021-01-28' }, { kind: 'volunteer', validFrom: '2022-03-01' }] },
  { familyName: 'Thorvaldsdóttir', givenNames: 'Sigrún', spans: [{ kind: 'staff_member', validFrom: '2015-01-20' }] },
  { familyName: 'Umeadi', givenNames: 'Chidinma', spans: [{ validFrom: '2016-01-28', validTo: '2021-12-06', yearLevel: '12' }] }
]

describe('cursors', () => {
  let school: TestSchool
  let token: string
  let otherToken: string

  const firstCursor = async (path: string) => {
    const answer = await callApi(path, { token })
    expect(answer.status).toBe(200)
    expect(answer.body.nextCursor).toEqual(expect.any(String))
    return answer.body.nextCursor as string
  }
  const expectCursorRefused = async (path: string, cursor: string, caller = token) => {
    const answer = await callApi(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, { token: caller })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(['cursor'])
  }
  const expectCursorTaken = async (path: string, cursor: string) => {
    const answer = await callApi(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, { token })
    expect(answer.status).toBe(200)
  }

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney' })
    const other = await newSchool({ timeZone: 'Australia/Sydney' })
    token = await school.token(['person.read', 'affiliation.read'])
    otherToken = await other.token(['person.read', 'affiliation.read'])
    await addPeopleWithSpans(school, roll)
    await addPeopleWithSpans(other, roll)
  })

  describe('are bound to their list and its filters', () => {
    it('an affiliations?state=open cursor goes on only with state=open, whatever the limit or the order of parameters', async () => {
      const cursor = await firstCursor('/api/v1/affiliations?state=open&limit=1')
      await expectCursorTaken('/api/v1/affiliations?state=open&limit=1', cursor)
      await expectCursorTaken('/api/v1/affiliations?limit=3&state=open', cursor)
      await expectCursorRefused('/api/v1/affiliations', cursor)
      await expectCursorRefused('/api/v1/affiliations?kind=student', cursor)
      await expectCursorRefused('/api/v1/affiliations?state=open&kind=student', cursor)
    })

    it('a filtered cursor is bound to every filter at once, in any order', async () => {
      const cursor = await firstCursor('/api/v1/affiliations?kind=student&state=open&limit=1')
      await expectCursorTaken('/api/v1/affiliations?state=open&kind=student&limit=1', cursor)
      await expectCursorRefused('/api/v1/affiliations?state=open', cursor)
      await expectCursorRefused('/api/v1/affiliations?kind=student', cursor)
      await expectCursorRefused('/api/v1/affiliations?kind=volunteer&state=open', cursor)
    })

    it('an unfiltered cursor is refused on a filtered list', async () => {
      const cursor = await firstCursor('/api/v1/affiliations?limit=1')
      await expectCursorTaken('/api/v1/affiliations?limit=1', cursor)
      await expectCursorRefused('/api/v1/affiliations?state=open', cursor)
      await expectCursorRefused('/api/v1/affiliations?kind=student', cursor)
    })

    it('a people cursor is refused on alumni and affiliations, and theirs on people', async () => {
      const people = await firstCursor('/api/v1/people?limit=1')
      await expectCursorRefused('/api/v1/alumni', people)
      await expectCursorRefused('/api/v1/affiliations', people)
      await expectCursorRefused('/api/v1/people', await firstCursor('/api/v1/alumni?limit=1'))
      await expectCursorRefused('/api/v1/people', await firstCursor('/api/v1/affiliations?limit=1'))
    })

    it('an alumni cursor is bound to its asAt', async () => {
      const cursor = await firstCursor('/api/v1/alumni?limit=1&asAt=2025-06-01')
      await expectCursorTaken('/api/v1/alumni?asAt=2025-06-01', cursor)
      await expectCursorRefused('/api/v1/alumni', cursor)
      await expectCursorRefused('/api/v1/alumni?asAt=2025-06-02', cursor)
    })

    it.each(['/api/v1/people', '/api/v1/affiliations', '/api/v1/alumni'])('another school\'s cursor is refused on %s', async (path) => {
      const cursor = await firstCursor(`${path}?limit=1`)
      await expectCursorRefused(path, cursor, otherToken)
    })
  })

  describe('reveal nothing', () => {
    it.each(['/api/v1/people', '/api/v1/alumni', '/api/v1/affiliations'])('%s: no name, name key, id or school id, in any encoding', async (path) => {
      for (let limit = 1; limit <= 5; limit++) {
        const answer = await callApi(`${path}?limit=${limit}`, { token })
        const cursor: string | null = answer.body.nextCursor
        if (cursor === null) break
        expect(cursor).toMatch(/^[\w-]+$/)
        const bytes = Buffer.from(cursor, 'base64url')
        const readings = [
          bytes.toString('utf8'), bytes.toString('latin1'), bytes.toString('utf16le'), Buffer.from(cursor, 'base64').toString('utf8')
        ].map(text => text.toLowerCase())
        const last = answer.body.items.at(-1)
        const person = roll.find(entry => entry.familyName === last.familyName)
        const secrets = [
          school.id, school.id.slice(4), last.id, last.id.slice(4), last.personId, last.personId?.slice(4),
          ...(person ? [person.familyName, person.givenNames, nameSortKey(person.familyName, person.givenNames)] : []),
          ...roll.map(entry => entry.familyName.slice(0, 5)),
          last.validFrom, last.leftAt?.slice(0, 10)
        ].filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
        for (const reading of readings) {
          for (const secret of secrets) expect(reading).not.toContain(secret.toLowerCase())
        }
      }
    })
  })

  describe('a changed cursor', () => {
    it.each([
      ['a byte flipped in the middle', (cursor: string) => {
        const bytes = Buffer.from(cursor, 'base64url')
        bytes[Math.floor(bytes.length / 2)]! ^= 1
        return bytes.toString('base64url')
      }],
      ['its last byte flipped', (cursor: string) => {
        const bytes = Buffer.from(cursor, 'base64url')
        bytes[bytes.length - 1]! ^= 0x80
        return bytes.toString('base64url')
      }],
      ['cut short', (cursor: string) => cursor.slice(0, -4)],
      ['lengthened', (cursor: string) => cursor + 'AAAA'],
      ['with padding', (cursor: string) => cursor + '='],
      ['in standard base64', (cursor: string) => Buffer.from(cursor, 'base64url').toString('base64').replace(/=+$/, '') + '+/'],
      ['cut to its first bytes', (cursor: string) => cursor.slice(0, 8)],
      ['emptied', () => ''],
      ['replaced by JSON', () => Buffer.from('["Quennell","per_x"]').toString('base64url')],
      ['replaced by the old signed form', () => 'eyJmb3JnZWQiOnRydWV9.AAAAAAAAAAAAAAAAAAAAAA']
    ])('is refused with validation_failed on cursor: %s', async (_, change) => {
      const cursor = await firstCursor('/api/v1/people?limit=2')
      await expectCursorRefused('/api/v1/people?limit=2', change(cursor))
    })

    it('is refused at any length up to and past the limit', async () => {
      await expectCursorRefused('/api/v1/people', 'A'.repeat(2048))
      await expectCursorRefused('/api/v1/people', 'A'.repeat(2049))
    })
  })
})
