import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, like } from 'drizzle-orm'
import { changeEvents, feeLines, feeScheduleVersions } from '../../../../db/schema'
import { setPortalSectionsOff } from '../../../../server/domain/schools/portal-sections'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'
import { requireSchool } from '../../../../server/domain/schools/find-school'
import { systemContext } from '../../../../server/domain/shared/context'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { applyBillingSplit } from '../../../../server/domain/billing/set-billing-split'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('fee schedules: drafts, publication, corrections and what each payer sees', () => {
  let school: School, other: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, teacher: string
  const family: Record<string, string> = {}
  const as = (cookie: string, path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })
  let year: number
  const draft = () => ({
    periods: [
      { name: 'Term 1', kind: 'term', startsOn: `${year}-01-28`, endsOn: `${year}-04-09` },
      { name: 'Term 2', kind: 'term', startsOn: `${year}-04-27`, endsOn: `${year}-07-02` }
    ],
    lines: [
      { category: 'tuition', description: 'Tuition', amount: 400_001 },
      { category: 'camp', description: 'Year 3 camp', amount: 30_000, period: 'Term 2', yearLevels: ['3'] },
      { category: 'camp', description: 'Year 7 camp', amount: 90_000, period: 'Term 2', yearLevels: ['7'] }
    ],
    concessionRules: [{ kind: 'sibling', category: 'tuition', percentBasisPoints: 1000 }]
  })
  let scheduleId: string, firstId: string
  /** Separated parents who both see their child and split the fees 60/40, neither under an order. */
  let apart: { child: string, ana: string, ben: string }

  beforeAll(async () => {
    school = await newSchool({ name: 'Fees School' })
    await updateSchoolSettings(school.context, { currency: 'NZD' })
    school.context.school = await requireSchool(school.database, school.id)
    families = await seedPortalFamilies(school)
    year = Number(families.today.slice(0, 4)) + 1
    other = await newSchool({ name: 'Fees Elsewhere' })
    office = (await staffSession(school, 'office')).cookie
    teacher = (await staffSession(school, 'teacher')).cookie
    for (const adult of ['mother', 'father', 'resident', 'separated'] as const) family[adult] = (await familySession(school, families[adult])).cookie
    apart = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Apart', givenNames: 'Kai', dateOfBirth: '2016-03-03' })
      const ana = await insertPerson(tx, changes, school.id, { familyName: 'Apart', givenNames: 'Ana' })
      const ben = await insertPerson(tx, changes, school.id, { familyName: 'Other', givenNames: 'Ben' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '7', campusId: null })
      for (const adultId of [ana, ben]) await insertParentalResponsibility(
        tx, changes, school.school, { adultId, childId: child, relationship: 'parent', validFrom: '2016-03-03', validTo: null }
      )
      await applyBillingSplit(
        tx, changes, school.school, child,
        { category: 'all', from: '2024-01-29', shares: [{ payerId: ana, share: 6000 }, { payerId: ben, share: 4000 }] }
      )
      return { child, ana, ben }
    })
    family.ana = (await familySession(school, apart.ana)).cookie
    family.ben = (await familySession(school, apart.ben)).cookie
  })

  it('starts a schedule as a draft, edits it freely and publishes it, recording who and when', async () => {
    const created = await as(office, '/api/app/fees/schedules', { body: { name: `${year} fees`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` } })
    expect(created.status).toBe(201)
    scheduleId = created.body.id
    firstId = created.body.versionId
    const edited = await as(office, `/api/app/fees/versions/${firstId}`, { method: 'PUT', body: { ...draft(), lines: draft().lines.slice(0, 1) } })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ number: 1, state: 'draft', currency: 'NZD', lines: [{ category: 'tuition', amount: 400_001, period: null }] })
    const again = await as(office, `/api/app/fees/versions/${firstId}`, { method: 'PUT', body: draft() })
    expect(again.body.lines.map((line: { description: string }) => line.description)).toEqual(['Tuition', 'Year 3 camp', 'Year 7 camp'])
    const published = await as(office, `/api/app/fees/versions/${firstId}/publish`, { method: 'POST', body: {} })
    expect(published.status).toBe(200)
    expect(published.body)
      .toMatchObject({ state: 'published', publishedBy: expect.stringMatching(/^office-.*@example\.org$/), publishedAt: expect.stringMatching(/Z$/) })
    const list = await as(office, '/api/app/fees/schedules')
    expect(list.body).toMatchObject({
      currency: 'NZD',
      schedules: [{ id: scheduleId, name: `${year} fees`, versions: [{ id: firstId, number: 1, state: 'published', replacesVersionId: null }] }]
    })
    const kinds = await school.database.db.select({ kind: changeEvents.kind }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.recordId, scheduleId))).orderBy(asc(changeEvents.at))
    expect(kinds.map(row => row.kind)).toEqual(['fee_schedule.created', 'fee_schedule.updated', 'fee_schedule.updated', 'fee_schedule.updated'])
  })

  it('keeps the school\'s currency once a version is published: another code is a conflict beside the field, and nothing changes', async () => {
    const admin = (await staffSession(school, 'admin')).cookie
    const refused = await as(admin, '/api/app/school', { method: 'PUT', body: { currency: 'AUD' } })
    expectEnvelope(refused, 409, 'conflict')
    expect(fieldPaths(refused)).toEqual(['currency'])
    expect(refused.body.data.detail.join(' ')).toMatch(/published fee schedule version is in NZD/)
    expect((await as(admin, '/api/app/school', { method: 'PUT', body: { currency: 'NZD' } })).status).toBe(200)
    expect((await as(office, '/api/app/fees/schedules')).body.currency).toBe('NZD')
  })

  it('refuses any change to the published version with schedule_published, and records nothing', async () => {
    const before = await as(office, `/api/app/fees/versions/${firstId}`)
    const events = async () => (await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length
    const count = await events()
    const edit = await as(
      office, `/api/app/fees/versions/${firstId}`,
      { method: 'PUT', body: { ...draft(), lines: [{ category: 'tuition', description: 'Tuition', amount: 1 }] } }
    )
    expectEnvelope(edit, 422, 'schedule_published')
    expect(edit.body.data.detail.join(' ')).toMatch(/correction/)
    expectEnvelope(await as(office, `/api/app/fees/versions/${firstId}/publish`, { method: 'POST', body: {} }), 422, 'schedule_published')
    expectEnvelope(await as(office, `/api/app/fees/versions/${firstId}`, { method: 'DELETE' }), 422, 'schedule_published')
    expect((await as(office, `/api/app/fees/versions/${firstId}`)).body).toEqual(before.body)
    expect(await events()).toBe(count)
  })

  it('names each wrong part of a draft by its path, and refuses another school\'s version as not found', async () => {
    const created = await as(office, '/api/app/fees/schedules', { body: { name: 'Scratch', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` } })
    const wrongShape = await as(
      office, `/api/app/fees/versions/${created.body.versionId}`,
      { method: 'PUT', body: { periods: [], lines: [{ category: 'Tuition', description: 'x', amount: 10.5 }] } }
    )
    expectEnvelope(wrongShape, 400, 'validation_failed')
    expect(fieldPaths(wrongShape).sort()).toEqual(['lines[0].amount', 'lines[0].category', 'periods'])
    const wrongContent = await as(office, `/api/app/fees/versions/${created.body.versionId}`, {
      method: 'PUT',
      body: {
        periods: [{ name: 'T1', kind: 'term', startsOn: `${year}-02-01`, endsOn: `${year + 1}-01-10` }],
        lines: [{ category: 'tuition', description: 'x', amount: 5, period: 'T9', yearLevels: ['13'] }], appliesFrom: `${year}-03-01`
      }
    })
    expectEnvelope(wrongContent, 422, 'unprocessable')
    expect(fieldPaths(wrongContent).sort()).toEqual(['appliesFrom', 'lines[0].period', 'lines[0].yearLevels[0]', 'periods[0]'])
    expectEnvelope(await as(office, `/api/app/fees/versions/${created.body.versionId}/publish`, { method: 'POST', body: {} }), 422, 'unprocessable')
    expect((await as(office, `/api/app/fees/versions/${created.body.versionId}`, { method: 'DELETE' })).body).toEqual({ discarded: true })
    expectEnvelope(await as(office, `/api/app/fees/versions/${created.body.versionId}`), 404, 'not_found')
    const elsewhere = (await staffSession(other, 'office')).cookie
    expectEnvelope(await as(elsewhere, `/api/app/fees/versions/${firstId}`), 404, 'not_found')
    expectEnvelope(await as(elsewhere, `/api/app/fees/versions/${firstId}/statements/${families.aroha}`), 404, 'not_found')
    expectEnvelope(await as(teacher, '/api/app/fees/schedules'), 403, 'forbidden')
  })

  it('gives the office a student\'s statement per period: concessions, each payer\'s part, the remainder to the first payer', async () => {
    const answer = await as(office, `/api/app/fees/versions/${firstId}/statements/${families.aroha}`)
    expect(answer.status).toBe(200)
    const [first, second] = answer.body.periods
    // 400,001 less a 10% sibling concession (40,000) is 360,001, split 50/50: the parent first by id takes the odd cent.
    expect(first.categories).toEqual([{
      category: 'tuition', paidAs: 'all', total: 360_001, unassigned: 0,
      lines: [{ description: 'Tuition', amount: 400_001, reductions: [{ kind: 'sibling', amount: 40_000 }], charged: 360_001 }],
      parts: expect.arrayContaining([
        expect.objectContaining({ id: families.mother, share: 5000 }), expect.objectContaining({ id: families.father, share: 5000 })
      ])
    }])
    expect(first.categories[0].parts.map((part: { amount: number }) => part.amount)).toEqual([180_001, 180_000])
    expect(first.placement).toEqual({ yearLevel: '3', campus: null })
    expect(second.categories.map((c: { category: string, total: number }) => [c.category, c.total])).toEqual([['camp', 30_000], ['tuition', 360_001]])
    expect(second.total).toBe(390_001)
    expect(second.payers.reduce((acc: number, payer: { amount: number }) => acc + payer.amount, 0)).toBe(390_001)
  })

  it('starts a correction as a new draft naming its predecessor, publishes it, and charges from its day on', async () => {
    const started = await as(office, `/api/app/fees/versions/${firstId}/corrections`, { body: { appliesFrom: `${year}-04-01` } })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ number: 2, state: 'draft', replacesVersionId: firstId, appliesFrom: `${year}-04-01` })
    expect(started.body.lines).toHaveLength(3)
    expectEnvelope(await as(office, `/api/app/fees/versions/${firstId}/corrections`, { body: { appliesFrom: `${year}-05-01` } }), 409, 'conflict')
    const body = draft()
    body.lines[0]!.amount = 500_000
    expect((await as(office, `/api/app/fees/versions/${started.body.id}`, { method: 'PUT', body })).status).toBe(200)
    expect((await as(office, `/api/app/fees/versions/${started.body.id}/publish`, { method: 'POST', body: {} })).body)
      .toMatchObject({ state: 'published', number: 2 })
    const history = (await as(office, '/api/app/fees/schedules')).body.schedules[0].versions
    expect(history.map((v: { number: number, state: string, replacesVersionId: string | null }) => [v.number, v.state, v.replacesVersionId]))
      .toEqual([[1, 'published', null], [2, 'published', firstId]])
    // Term 1 began before the correction's day and stays with version 1; Term 2 is charged by version 2.
    const fees = await as(family.mother!, '/api/app/portal/fees')
    const periods = fees.body.children[0].schedules[0].periods
    expect(periods.map((p: { period: { name: string }, version: { number: number } }) => [p.period.name, p.version.number]))
      .toEqual([['Term 1', 1], ['Term 2', 2]])
    expect(periods[1].categories.find((c: { category: string }) => c.category === 'tuition').total).toBe(450_000)
    const lines = await school.database.db.select().from(feeLines).innerJoin(feeScheduleVersions, eq(feeScheduleVersions.id, feeLines.versionId))
      .where(and(eq(feeScheduleVersions.id, firstId), like(feeLines.description, 'Tuition')))
    expect(lines[0]!.fee_lines.amount).toBe(400_001)
  })

  it('shows each payer their own part only, never another payer\'s, and a separated parent kept from the child nothing', async () => {
    const mother = (await as(family.mother!, '/api/app/portal/fees')).body
    const father = (await as(family.father!, '/api/app/portal/fees')).body
    expect(mother.currency).toBe('NZD')
    const termOne = (answer: typeof mother) => answer.children[0].schedules[0].periods[0]
    // Equal shares: the parent whose id sorts first takes the odd cent.
    const [first, second] = families.mother < families.father ? [mother, father] : [father, mother]
    expect(termOne(first).categories).toEqual([expect.objectContaining({ category: 'tuition', total: 360_001, share: 5000, amount: 180_001 })])
    expect(termOne(second).categories).toEqual([expect.objectContaining({ category: 'tuition', total: 360_001, share: 5000, amount: 180_000 })])
    expect(JSON.stringify(mother)).not.toContain(families.father)
    expect(JSON.stringify(father)).not.toContain(families.mother)
    expect(JSON.stringify(first)).not.toContain('180000')

    const resident = (await as(family.resident!, '/api/app/portal/fees')).body
    expect(resident.children.map((c: { child: { id: string } }) => c.child.id)).toEqual([families.tama])
    const tamaTermOne = resident.children[0].schedules[0].periods[0]
    expect(tamaTermOne.categories).toEqual([expect.objectContaining({ total: 400_001, share: 7000, amount: 280_001 })])
    expect(JSON.stringify(resident)).not.toContain(families.separated)
    expect(JSON.stringify(resident)).not.toMatch(/Hohepa|Manaia|120000/)
    // The separated parent pays 30% but a court order keeps them from the child's details: nothing of the child at all.
    expect((await as(family.separated!, '/api/app/portal/fees')).body).toEqual({ currency: 'NZD', children: [] })
  })

  it('shows each of two separated parents their own statement only: their share and part, never the other parent', async () => {
    const ana = (await as(family.ana!, '/api/app/portal/fees')).body
    const ben = (await as(family.ben!, '/api/app/portal/fees')).body
    expect(ana.children.map((c: { child: { id: string } }) => c.child.id)).toEqual([apart.child])
    // Term 2 (version 2): tuition 500,000 and the year 7 camp 90,000, each split 60/40.
    const termTwo = (answer: typeof ana) => answer.children[0].schedules[0].periods[1]
    expect(termTwo(ana).categories.map((c: { category: string, total: number, share: number, amount: number }) => [c.category, c.total, c.share, c.amount]))
      .toEqual([['camp', 90_000, 6000, 54_000], ['tuition', 500_000, 6000, 300_000]])
    expect(termTwo(ben).categories.map((c: { category: string, total: number, share: number, amount: number }) => [c.category, c.total, c.share, c.amount]))
      .toEqual([['camp', 90_000, 4000, 36_000], ['tuition', 500_000, 4000, 200_000]])
    expect([termTwo(ana).amount, termTwo(ben).amount]).toEqual([354_000, 236_000])
    expect(JSON.stringify(ana)).not.toMatch(new RegExp(`${apart.ben}|Ben|Other|236000|200000|36000`))
    expect(JSON.stringify(ben)).not.toMatch(new RegExp(`${apart.ana}|Ana|354000|300000|54000`))
    // The office sees both parts, named.
    const seen = (await as(office, `/api/app/fees/versions/${ana.children[0].schedules[0].periods[1].version.id}/statements/${apart.child}`)).body
    expect(seen.periods[1].payers.map((p: { givenNames: string, amount: number }) => [p.givenNames, p.amount])).toEqual([['Ana', 354_000], ['Ben', 236_000]])
  })

  it('answers section_off to families once the school switches Fees off', async () => {
    await setPortalSectionsOff(systemContext(school.database, await requireSchool(school.database, school.id), 'test'), ['fees'])
    expectEnvelope(await as(family.mother!, '/api/app/portal/fees'), 403, 'section_off')
    await setPortalSectionsOff(systemContext(school.database, await requireSchool(school.database, school.id), 'test'), [])
    expect((await as(family.mother!, '/api/app/portal/fees')).status).toBe(200)
  })
})
