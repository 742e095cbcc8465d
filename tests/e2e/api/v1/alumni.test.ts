import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { affiliations, people } from '../../../../db/schema'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { closeAffiliation } from '../../../../server/domain/affiliations/close-affiliation'
import { correctPersonName } from '../../../../server/domain/people/correct-name'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { nameSortKey } from '../../../../server/domain/people/name-key'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'
import { isAlumnusAsAt } from '../../../../server/domain/alumni/alumni-rule'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, walkPages, type PersonWithSpans, type TestSchool } from '../../../support/roles-fixtures'

/** A Sydney school's history: who left when, at which year level, and who came back. */
const history: PersonWithSpans[] = [
  { familyName: 'Abbott', givenNames: 'Ada', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
  // The example of docs/decisions.md: a last day of 1 January 2026 leaves at 13:00 UTC on 31 December 2025, exit year 2026.
  { familyName: 'Brown', givenNames: 'Ben', spans: [{ validFrom: '2020-01-28', validTo: '2026-01-01', yearLevel: '12' }] },
  { familyName: 'chen', givenNames: 'Cara', spans: [{ validFrom: '2020-01-28', validTo: '2025-12-31', yearLevel: '12' }] },
  { familyName: 'Dubois', givenNames: 'Dan', spans: [{ validFrom: '2017-01-30', validTo: '2021-06-30', yearLevel: '9' }] },
  {
    familyName: 'Émond', givenNames: 'Eve',
    spans: [{ validFrom: '2016-01-28', validTo: '2020-06-30', yearLevel: '8' }, { validFrom: '2023-01-30', yearLevel: '11' }]
  },
  { familyName: 'Fox', givenNames: 'Fay', spans: [{ validFrom: '2022-01-28', yearLevel: '6' }] },
  { familyName: 'Green', givenNames: 'Gus', spans: [{ validFrom: '2019-01-29', validTo: '2025-06-30', yearLevel: '12' }] },
  { familyName: 'Hill', givenNames: 'Hal', spans: [{ kind: 'staff_member', validFrom: '2010-01-20', validTo: '2019-12-20' }] },
  { familyName: 'Ito', givenNames: 'Jay', spans: [{ validFrom: '2024-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
  { familyName: 'Gone', givenNames: 'Deleted', spans: [{ validFrom: '2015-01-28', validTo: '2016-12-06', yearLevel: '12' }] }
]

describe('GET /api/v1/alumni', () => {
  let anyFormer: TestSchool
  let completed: TestSchool
  let ids: Record<string, string>
  let completedIds: Record<string, string>

  const named = (school: TestSchool, familyNames: string[]) => familyNames.map(name => (school === anyFormer ? ids : completedIds)[name])
  const alumniOf = async (school: TestSchool, query = '') =>
    callApi(`/api/v1/alumni?limit=1000${query}`, { token: await school.token(['affiliation.read', 'person.read']) })

  beforeAll(async () => {
    anyFormer = await newSchool({ timeZone: 'Australia/Sydney' })
    completed = await newSchool({ timeZone: 'Australia/Sydney' })
    await updateSchoolSettings(completed.context, { alumniRule: 'completed_final_year' })
    const seed = async (school: TestSchool) => {
      const list = await addPeopleWithSpans(school, history)
      const byName = Object.fromEntries(history.map((person, i) => [person.familyName, list[i]!]))
      await school.database.transaction(tx => tx.update(people).set({ deletedAt: new Date().toISOString() }).where(eq(people.id, byName.Gone!)))
      return byName
    }
    ids = await seed(anyFormer)
    completedIds = await seed(completed)
  })

  it('answers 401 without a token and 403 naming affiliation.read with person.read alone', async () => {
    expectEnvelope(await callApi('/api/v1/alumni'), 401, 'unauthenticated')
    const data = expectEnvelope(await callApi('/api/v1/alumni', { token: await anyFormer.token(['person.read']) }), 403, 'forbidden')
    expect(data.detail.join(' ')).toContain('affiliation.read')
  })

  it('counts every former student under any_former_student, ordered by name, with leftAt and exitYear in Sydney', async () => {
    const answer = await alumniOf(anyFormer)
    expect(answer.status).toBe(200)
    expect(answer.body.items).toEqual([
      { id: ids.Abbott, familyName: 'Abbott', givenNames: 'Ada', leftAt: '2024-12-05T13:00:00.000Z', exitYear: 2024 },
      { id: ids.Brown, familyName: 'Brown', givenNames: 'Ben', leftAt: '2025-12-31T13:00:00.000Z', exitYear: 2026 },
      { id: ids.chen, familyName: 'chen', givenNames: 'Cara', leftAt: '2025-12-30T13:00:00.000Z', exitYear: 2025 },
      { id: ids.Dubois, familyName: 'Dubois', givenNames: 'Dan', leftAt: '2021-06-29T14:00:00.000Z', exitYear: 2021 },
      { id: ids.Green, familyName: 'Green', givenNames: 'Gus', leftAt: '2025-06-29T14:00:00.000Z', exitYear: 2025 },
      { id: ids.Ito, familyName: 'Ito', givenNames: 'Jay', leftAt: '2024-12-05T13:00:00.000Z', exitYear: 2024 }
    ])
    expect(answer.body.nextCursor).toBeNull()
  })

  it('counts only final-year leavers under completed_final_year', async () => {
    const answer = await alumniOf(completed)
    expect(answer.body.items.map((item: any) => item.id)).toEqual(named(completed, ['Abbott', 'Brown', 'chen', 'Green', 'Ito']))
  })

  it.each([
    // Gus left on 30 June 2025: on the roll on 1 January, so not yet an alumnus then.
    ['2025-01-01', ['Abbott', 'Dubois', 'Ito'], ['Abbott', 'Ito']],
    // Jay had not started by 2023; Eve was away between her spans, so she counts only while away.
    ['2022-03-01', ['Dubois', 'Émond'], []],
    // On the last day itself the student is still on the roll.
    ['2024-12-06', ['Dubois'], []],
    ['2024-12-07', ['Abbott', 'Dubois', 'Ito'], ['Abbott', 'Ito']]
  ])('as at %s counts %j (any) and %j (completed)', async (asAt, expectedAny, expectedCompleted) => {
    expect((await alumniOf(anyFormer, `&asAt=${asAt}`)).body.items.map((item: any) => item.id)).toEqual(named(anyFormer, expectedAny))
    expect((await alumniOf(completed, `&asAt=${asAt}`)).body.items.map((item: any) => item.id)).toEqual(named(completed, expectedCompleted))
  })

  it('leaves names out, absent rather than null, for a token without person.read, and keeps them out of the cursor', async () => {
    const token = await anyFormer.token(['affiliation.read'])
    const answer = await callApi('/api/v1/alumni?limit=2', { token })
    expect(answer.body.items).toEqual([
      { id: ids.Abbott, leftAt: '2024-12-05T13:00:00.000Z', exitYear: 2024 },
      { id: ids.Brown, leftAt: '2025-12-31T13:00:00.000Z', exitYear: 2026 }
    ])
    const cursor: string = answer.body.nextCursor
    const payload = Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')
    expect(payload.toLowerCase()).not.toContain('brown')
    expect(payload).not.toContain(nameSortKey('Brown', 'Ben'))
    const next = await callApi(`/api/v1/alumni?limit=2&cursor=${cursor}`, { token })
    expect(next.body.items.map((item: any) => item.id)).toEqual([ids.chen, ids.Dubois])
  })

  it('refuses asAt after today in the school\'s zone, and one that is not a day', async () => {
    const token = await anyFormer.token(['affiliation.read'])
    const tomorrow = addDays(todayInZone('Australia/Sydney'), 1)
    for (const asAt of [tomorrow, '2025-02-30', 'yesterday']) {
      const answer = await callApi(`/api/v1/alumni?asAt=${asAt}`, { token })
      expectEnvelope(answer, 400, 'validation_failed')
      expect(fieldPaths(answer)).toEqual(['asAt'])
    }
  })

  it('shows each school only its own alumni, and refuses another school\'s cursor', async () => {
    const fromAny = (await alumniOf(anyFormer)).body.items.map((item: any) => item.id)
    const fromCompleted = (await alumniOf(completed)).body.items.map((item: any) => item.id)
    expect(fromAny.some((id: string) => fromCompleted.includes(id))).toBe(false)
    const cursor = (await alumniOf(anyFormer, '&limit=1')).body.nextCursor
    const answer = await callApi(`/api/v1/alumni?cursor=${cursor}`, { token: await completed.token(['affiliation.read']) })
    expect(fieldPaths(answer)).toEqual(['cursor'])
  })
})

describe('alumni after a change', () => {
  it('reflect a student leaving, a name corrected and a person deleted at once', async () => {
    const school = await newSchool({ timeZone: 'Australia/Sydney' })
    const token = await school.token(['affiliation.read', 'person.read'])
    const [leaving, renamed, deleted] = await addPeopleWithSpans(school, [
      { familyName: 'Leaving', givenNames: 'Lou', spans: [{ validFrom: '2020-01-28', yearLevel: '11' }] },
      { familyName: 'Aardvark', givenNames: 'Ann', spans: [{ validFrom: '2015-01-28', validTo: '2020-12-04', yearLevel: '12' }] },
      { familyName: 'Deleted', givenNames: 'Dee', spans: [{ validFrom: '2015-01-28', validTo: '2020-12-04', yearLevel: '12' }] }
    ])
    const names = async () => (await callApi('/api/v1/alumni', { token })).body.items.map((item: any) => `${item.familyName} ${item.givenNames}`)
    expect(await names()).toEqual(['Aardvark Ann', 'Deleted Dee'])

    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, leaving))
    await closeAffiliation(school.context, span!.id, { lastDay: addDays(todayInZone('Australia/Sydney'), -1) })
    await correctPersonName(school.context, renamed, { familyName: 'Zimmer', givenNames: 'Ann', change: 'change' })
    await writeChanges(school.context, async (tx, changes) => {
      await tx.update(people).set({ deletedAt: new Date().toISOString() }).where(eq(people.id, deleted))
      changes.record('person.deleted', 'people', deleted)
    })
    expect(await names()).toEqual(['Leaving Lou', 'Zimmer Ann'])
  })
})

describe('walking the alumni of a completed_final_year school page by page', () => {
  let school: TestSchool
  let expectedIds: Set<string>

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney' })
    await updateSchoolSettings(school.context, { alumniRule: 'completed_final_year' })
    const list: PersonWithSpans[] = []
    const surnames = ['Ng', 'Nguyen', 'Núñez', 'O\'Neil', 'Okafor', 'Østergaard', 'Smith', 'smith', 'Szabó', 'Zed']
    for (let i = 0; i < 120; i++) {
      const finished = i % 3 !== 0
      const current = i % 7 === 0
      list.push({
        familyName: surnames[i % surnames.length]!,
        // Every eleventh name repeats exactly, so the id breaks the tie.
        givenNames: i % 11 === 0 ? 'Sam' : `Given ${i}`,
        spans: current
          ? [{ validFrom: '2021-01-28', yearLevel: '10' }]
          : [{ validFrom: `${2010 + (i % 10)}-01-28`, validTo: `${2016 + (i % 10)}-${i % 2 ? '12-31' : '01-01'}`, yearLevel: finished ? '12' : '10' }]
      })
    }
    const added = await addPeopleWithSpans(school, list)
    // The rule as plain code is the oracle the server's SQL is held to.
    const today = todayInZone('Australia/Sydney')
    expectedIds = new Set(added.filter((_, i) => isAlumnusAsAt(
      list[i]!.spans!.map(span => ({ validFrom: span.validFrom, validTo: span.validTo ?? null, yearLevel: span.yearLevel ?? null })),
      today,
      { alumniRule: 'completed_final_year', finalYearLevel: '12' }
    )))
  })

  it('returns every alumnus once, in name order, however small the page', async () => {
    const token = await school.token(['affiliation.read', 'person.read'])
    const whole = (await callApi('/api/v1/alumni?limit=1000', { token })).body.items
    expect(whole.length).toBeGreaterThan(50)
    expect(new Set(whole.map((item: any) => item.id))).toEqual(expectedIds)
    for (const limit of [1, 7, 50]) {
      const pages = await walkPages(`/api/v1/alumni?limit=${limit}`, path => callApi(path, { token }))
      expect(pages.every(page => page.length <= limit)).toBe(true)
      expect(pages.flat()).toEqual(whole)
    }
    const keys = whole.map((item: any) => [nameSortKey(item.familyName, item.givenNames), item.id].join('\u0000'))
    expect(keys).toEqual([...keys].sort((a: string, b: string) => a < b ? -1 : a > b ? 1 : 0))
  })

  it('walks the same way for a token that cannot read names', async () => {
    const token = await school.token(['affiliation.read'])
    const whole = (await callApi('/api/v1/alumni?limit=1000', { token })).body.items
    const walked = (await walkPages('/api/v1/alumni?limit=9', path => callApi(path, { token }))).flat()
    expect(walked).toEqual(whole)
  })
})
