import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dataReceipts } from '../../../../db/schema'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { pruneReceipts } from '../../../../server/domain/receipts/receipts'
import { todayInZone } from '../../../../server/domain/days/clock'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { callApi } from '../../../support/api'
import { adminJson } from '../../../support/admin-cli'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('data-access receipts: which token read which person, per day', () => {
  let school: School
  let other: School
  let ids: string[]
  let office: string
  let token: string
  beforeAll(async () => {
    school = await newSchool({ name: 'Receipts School' })
    other = await newSchool({ name: 'Receipts Elsewhere' })
    ids = await writeChanges(school.context, async (tx, changes) => {
      const made: string[] = []
      for (let n = 0; n < 100; n++) made.push(
        await insertPerson(tx, changes, school.id, { familyName: `Receipt${String(n).padStart(3, '0')}`, givenNames: 'Read' })
      )
      return made
    })
    office = (await staffSession(school, 'office')).cookie
    token = (await school.tokenWithId(['person.read'])).token
  })
  const readBy = async (personId: string) => (await callApi(`/api/app/people/${personId}/receipts`, { headers: { cookie: office } })).body

  it('a page of 100 people records a read of each for the token that day; a second read counts again', async () => {
    const page = await callApi('/api/v1/people?limit=100', { token })
    expect(page.body.items).toHaveLength(100)
    const first = await readBy(ids[0]!)
    expect(first.readBy)
      .toEqual([{
        purpose: 'test', readsToday: 1, readsLast30Days: 1, lastDay: todayInZone(school.school.timeZone),
        scopes: [{ name: 'person.read', words: expect.stringContaining('names') }]
      }])
    const rows = await school.database.db.select().from(dataReceipts).where(eq(dataReceipts.schoolId, school.id))
    expect(rows.filter(row => ids.includes(row.personId))).toHaveLength(100)
    expect(rows.every(row => row.reads === 1 && row.scopes === 'person.read')).toBe(true)
    expect(JSON.stringify(rows)).not.toContain('Receipt000')

    await callApi(`/api/v1/people/${ids[0]}`, { token })
    expect((await readBy(ids[0]!)).readBy[0]).toMatchObject({ readsToday: 2 })
    expect((await readBy(ids[1]!)).readBy[0]).toMatchObject({ readsToday: 1 })
  })

  it('another school\'s token reading its own people never appears here, and cannot read this school\'s receipts', async () => {
    const elsewhere = await other.token(['person.read'])
    await callApi('/api/v1/people?limit=10', { token: elsewhere })
    const { cookie } = await staffSession(other, 'office')
    expectEnvelope(await callApi(`/api/app/people/${ids[0]}/receipts`, { headers: { cookie } }), 404, 'not_found')
    await readBy(ids[0]!)
    const here = await school.database.db.select().from(dataReceipts).where(eq(dataReceipts.schoolId, school.id))
    const theirs = await school.database.db.select().from(dataReceipts).where(eq(dataReceipts.schoolId, other.id))
    expect(here.some(row => theirs.some(mine => mine.tokenId === row.tokenId))).toBe(false)
  })

  it('a family sees their child\'s receipts by the token\'s purpose, never its id; a staff session records none', async () => {
    const family = await seedFamily(school.context, { family: 'Receipted', child: 'Pip' })
    const sis = await school.tokenWithId(['person.read', 'affiliation.read'])
    await callApi(`/api/v1/people/${family.child}`, { token: sis.token })
    await callApi(`/api/app/people/${family.child}/receipts`, { headers: { cookie: office } })
    const { cookie } = await familySession(school, family.mother)
    const data = await callApi('/api/app/portal/data', { headers: { cookie } })
    const child = data.body.readBy.find((entry: { person: { id: string } }) => entry.person.id === family.child)
    expect(child.integrations).toEqual([
      { purpose: 'test', readsToday: 1, readsLast30Days: 1, lastDay: expect.any(String), scopes: [{ name: 'person.read', words: expect.any(String) }] }
    ])
    expect(JSON.stringify(data.body)).not.toContain(sis.id)
    const mine = await school.database.db.select().from(dataReceipts).where(and(eq(dataReceipts.schoolId, school.id), eq(dataReceipts.personId, family.mother)))
    expect(mine).toEqual([])
  })

  it('an administrator downloads a person\'s receipts as JSON and CSV, and the CLI prints them; the office may not download', async () => {
    const { cookie: admin } = await staffSession(school, 'admin')
    const json = await callApi(`/api/app/people/${ids[0]}/receipts/download?format=json`, { headers: { cookie: admin } })
    expect(json.status).toBe(200)
    expect(json.body).toMatchObject({ personId: ids[0], receipts: [{ purpose: 'test', reads: 2 }] })
    const csv = await callApi(`/api/app/people/${ids[0]}/receipts/download?format=csv`, { headers: { cookie: admin } })
    expect(String(csv.body).split('\r\n')[0]).toBe('day,integration,tokenId,reads,scopes,lastAt')
    expectEnvelope(await callApi(`/api/app/people/${ids[0]}/receipts/download`, { headers: { cookie: office } }), 403, 'forbidden')
    const printed = await adminJson(['receipts', '--person', ids[0]!])
    expect(printed).toMatchObject({ personId: ids[0], receipts: [{ purpose: 'test', reads: 2, day: todayInZone(school.school.timeZone) }] })
  })

  it('prunes receipts older than 13 months and keeps the rest', async () => {
    const [tokenRow] = await school.database.db.select({ tokenId: dataReceipts.tokenId }).from(dataReceipts)
      .where(eq(dataReceipts.schoolId, school.id)).limit(1)
    await school.database.transaction(tx => tx.insert(dataReceipts).values([
      {
        schoolId: school.id, tokenId: tokenRow!.tokenId, personId: ids[5]!, day: '2020-01-01', scopes: 'person.read', reads: 3,
        lastAt: '2020-01-01T00:00:00.000Z'
      }
    ]))
    await pruneReceipts(school.database)
    const left = await school.database.db.select().from(dataReceipts).where(eq(dataReceipts.personId, ids[5]!))
    expect(left.map(row => row.day)).toEqual([todayInZone(school.school.timeZone)])
  })
})
