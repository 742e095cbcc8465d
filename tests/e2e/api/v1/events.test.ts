import { beforeAll, describe, expect, it } from 'vitest'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { correctPersonName } from '../../../../server/domain/people/correct-name'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addTour } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'
import { startBuiltServer } from '../../../support/server-process'

interface FeedEvent { kind: string, table: string, id: string, at: string, sequence: number }

describe('GET /api/v1/events', () => {
  let school: TestSchool, other: TestSchool
  let people: string, tours: string, both: string, noFeed: string, otherSchool: string
  const addPeople = (names: string[]) => writeChanges(school.context, async (tx, changes) => {
    const ids: string[] = []
    for (const name of names) ids.push(await insertPerson(tx, changes, school.id, { familyName: 'Feed', givenNames: name }))
    return ids
  })
  const feed = async (token: string, query = '') => {
    const answer = await callApi<{ items: FeedEvent[], nextCursor: string }>(`/api/v1/events${query}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.nextCursor).toEqual(expect.any(String))
    return answer.body
  }
  const after = (cursor: string) => `?after=${encodeURIComponent(cursor)}`

  beforeAll(async () => {
    school = await newSchool({ name: 'Feed College' })
    other = await newSchool({ name: 'Feed Elsewhere' })
    ;[people, tours, both, noFeed, otherSchool] = await Promise.all([
      school.token(['event.read', 'person.read']), school.token(['event.read', 'tour.read']), school.token(['event.read', 'person.read', 'tour.read']),
      school.token(['person.read']), other.token(['event.read', 'person.read'])
    ])
  })

  it('gives the school\'s changes oldest first with their sequence, then only what is new after the cursor, and moves on from an empty page', async () => {
    const first = await addPeople(['Ana', 'Ben', 'Cai'])
    const start = await feed(people, '?limit=1000')
    const created = start.items.filter(item => first.includes(item.id))
    expect(created.map(item => [item.kind, item.table, item.id])).toEqual(first.map(id => ['person.created', 'people', id]))
    const sequences = start.items.map(item => item.sequence)
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b))

    const quiet = await feed(people, after(start.nextCursor))
    expect(quiet.items).toEqual([])
    const [renamed] = first
    await correctPersonName(school.context, renamed!, { familyName: 'Feed', givenNames: 'Anna', change: 'correction' })
    const [late] = await addPeople(['Dov'])
    const next = await feed(people, after(quiet.nextCursor))
    expect(next.items.map(item => [item.kind, item.id])).toEqual([['person.updated', renamed], ['person.created', late]])
    expect(next.items[0]!.sequence).toBeGreaterThan(Math.max(...sequences))
    expect((await feed(people, after(next.nextCursor))).items).toEqual([])
  })

  it('pages with the limit, each change once', async () => {
    await addPeople(['Eli', 'Fay', 'Gus', 'Hal', 'Ivy'])
    const seen: string[] = []
    let cursor = (await feed(people, '?limit=1000')).nextCursor
    const [jo] = await addPeople(['Jo'])
    const page = await feed(people, `${after(cursor)}&limit=1`)
    expect(page.items).toHaveLength(1)
    cursor = page.nextCursor
    seen.push(...page.items.map(item => item.id))
    for (let round = 0; round < 5; round++) {
      const more = await feed(people, `${after(cursor)}&limit=2`)
      seen.push(...more.items.map(item => item.id))
      cursor = more.nextCursor
    }
    expect(seen).toEqual([jo])
    // Five at two a page: the first two pages are full, and the third goes on from the last.
    const walked: string[] = []
    cursor = (await feed(people, '?limit=1000')).nextCursor
    const five = await addPeople(['Kit', 'Lou', 'Max', 'Ned', 'Oz'])
    for (let round = 0; round < 4; round++) {
      const more = await feed(people, `${after(cursor)}&limit=2`)
      walked.push(...more.items.map(item => item.id))
      cursor = more.nextCursor
    }
    expect(walked).toEqual(five)
  })

  it('gives each token only the kinds its scopes reach, and the kinds asked for of those', async () => {
    const tour = await addTour(school)
    const [person] = await addPeople(['Kay'])
    const kindsOf = async (token: string, query = '?limit=1000') => new Set((await feed(token, query)).items.map(item => item.kind))
    expect([...await kindsOf(tours)]).toEqual(['tour.created'])
    expect(await kindsOf(people)).not.toContain('tour.created')
    expect(await kindsOf(both)).toEqual(new Set(['person.created', 'person.updated', 'tour.created']))
    expect([...await kindsOf(both, '?limit=1000&kinds=tour.created')]).toEqual(['tour.created'])
    // A kind asked for that the scopes do not reach gives nothing, as a kind with no changes would.
    expect((await feed(tours, '?kinds=person.created')).items).toEqual([])
    expect((await feed(both, '?limit=1000&kinds=person.created,tour.created')).items.map(item => item.id)).toEqual(expect.arrayContaining([tour, person]))
  })

  it('numbers the school\'s own changes 1, 2, 3 … with no gap while another school writes between them', async () => {
    const fresh = await newSchool({ name: 'Feed Counted' })
    const busy = await newSchool({ name: 'Feed Busy' })
    const token = await fresh.token(['event.read', 'person.read', 'tour.read', 'affiliation.read', 'billing.read', 'roster.read'])
    const start = await feed(token, '?limit=1000')
    const write = (target: TestSchool, name: string) =>
      writeChanges(target.context, (tx, changes) => insertPerson(tx, changes, target.id, { familyName: 'Counted', givenNames: name }))
    const mine: string[] = []
    for (const name of ['Ada', 'Bo', 'Cy', 'Di']) {
      mine.push(await write(fresh, name))
      await Promise.all([write(busy, `${name} 1`), write(busy, `${name} 2`), write(busy, `${name} 3`)])
    }
    const all = [...start.items, ...(await feed(token, after(start.nextCursor))).items]
    const positions = all.map(item => item.sequence)
    // Every change of the school from its first, each one more than the last: the other school's twelve writes leave no trace.
    expect(positions).toEqual(positions.map((_, i) => i + 1))
    expect(all.slice(-4).map(item => item.id)).toEqual(mine)
  })

  it('never shows another school\'s changes, and takes no cursor of another school\'s', async () => {
    const [mine] = await addPeople(['Lea'])
    const theirs = await feed(otherSchool, '?limit=1000')
    expect(theirs.items.map(item => item.id)).not.toContain(mine)
    expectEnvelope(await callApi(`/api/v1/events${after(theirs.nextCursor)}`, { token: people }), 400, 'bad_request')
  })

  it('refuses a cursor older than the feed keeps as unprocessable, saying to start again', async () => {
    // A server keeping changes for under two seconds (WEBHOOKS_RETENTION_DAYS is in days, fractions allowed).
    const server = await startBuiltServer({ WEBHOOKS_RETENTION_DAYS: '0.00002' })
    try {
      const first = await callApi('/api/v1/events', { token: people, baseUrl: server.url })
      expect(first.status).toBe(200)
      await new Promise(done => setTimeout(done, 2500))
      const stale = expectEnvelope(await callApi(`/api/v1/events${after(first.body.nextCursor)}`, { token: people, baseUrl: server.url }), 422, 'unprocessable')
      expect(stale.detail.join(' ')).toContain('start again without one')
    } finally {
      await server.stop()
    }
  })

  it('refuses a forged or altered cursor as bad_request, an unknown kind naming it, and a token without event.read naming the scope', async () => {
    const { nextCursor } = await feed(people)
    const altered = nextCursor.slice(0, -2) + (nextCursor.endsWith('AA') ? 'BB' : 'AA')
    for (const cursor of ['forged', altered, 'eyJzZXF1ZW5jZSI6MH0', 'A'.repeat(400)]) {
      expectEnvelope(await callApi(`/api/v1/events${after(cursor)}`, { token: people }), 400, 'bad_request')
    }
    const unknownKind = expectEnvelope(await callApi('/api/v1/events?kinds=person.created,person.hacked', { token: people }), 400, 'validation_failed')
    expect(JSON.stringify(unknownKind.fields)).toContain('person.hacked')
    const refused = expectEnvelope(await callApi('/api/v1/events', { token: noFeed }), 403, 'forbidden')
    expect(refused.detail.join(' ')).toContain('event.read')
  })
})
