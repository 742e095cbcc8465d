import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { consents } from '../../../../db/schema'
import { addDays } from '../../../../server/domain/days/calendar'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { seedClass } from '../../../support/consent-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

const withoutTrace = (answer: ApiAnswer) => ({ status: answer.status, body: { ...answer.body, data: { ...answer.body.data, traceId: undefined } } })

/*
 * A family answers for today (issue 35, point 8): the portal's answer route takes no day, so a parent
 * under a court order cannot answer for a day after it ends, nor learn its last day by trying days; and
 * the ask is looked up before standing, a missing one (made up, or another school's) answered exactly as
 * an ask the adult has no standing for, so ask ids reveal nothing either. A paper form's day stays the
 * office's, with its own check.
 */
describe('a family\'s consent answer is for today, and a missing ask is answered as no standing', () => {
  let school: School, other: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, ask: string, elsewhere: string
  const cookies: Record<string, string> = {}
  const answer = (adult: string, body: Record<string, unknown>) => callApi('/api/app/portal/consents/answers', { headers: { cookie: cookies[adult]! }, body })
  const recorded = async () => (await school.database.db.select().from(consents).where(eq(consents.schoolId, school.id))).length

  beforeAll(async () => {
    school = await newSchool({ name: 'Consent Day School' })
    other = await newSchool({ name: 'Consent Day Elsewhere' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3A', [families.aroha, families.tama, families.mere])
    office = (await staffSession(school, 'office')).cookie
    for (const adult of ['mother', 'separated', 'unsafe'] as const) cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    const excursion = (await callApi(
      '/api/app/consents/purposes', { headers: { cookie: office }, body: { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' } }
    )).body.id
    ask = (await callApi('/api/app/consents/asks', {
      headers: { cookie: office },
      body: { purposeId: excursion, subject: 'Museum', audience: ['class:3A'], closesOn: addDays(families.today, 400), answeredBy: 'every_adult' }
    })).body.id
    const otherFamilies = await seedPortalFamilies(other)
    await seedClass(other, '3A', [otherFamilies.aroha])
    const otherOffice = (await staffSession(other, 'office')).cookie
    const otherPurpose = (await callApi(
      '/api/app/consents/purposes',
      { headers: { cookie: otherOffice }, body: { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' } }
    )).body.id
    elsewhere = (await callApi('/api/app/consents/asks', {
      headers: { cookie: otherOffice },
      body: { purposeId: otherPurpose, subject: 'Zoo', audience: ['class:3A'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' }
    })).body.id
  })

  it('takes no day from a family: a parent under a court order cannot answer for the day after it ends', async () => {
    const before = await recorded()
    // The order keeps the separated parent from Tama's details for a year; a day after it is refused as a field the route does not take.
    const afterOrder = addDays(families.today, 366)
    const refused = await answer(families.separated, { askId: ask, childId: families.tama, answer: 'yes', day: afterOrder })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(JSON.stringify(refused.body)).not.toMatch(/Tama|court|order/i)
    // Even a parent with standing cannot send one: the answer is for today.
    expectEnvelope(
      await answer(families.mother, { askId: ask, childId: families.aroha, answer: 'no', day: addDays(families.today, 1) }), 400, 'validation_failed'
    )
    expect(await recorded()).toBe(before)
    const today = await answer(families.mother, { askId: ask, childId: families.aroha, answer: 'yes' })
    expect(today.status).toBe(201)
    expect(today.body).toMatchObject({ effectiveFrom: families.today, enteredByStaff: false })
  })

  it('answers a made-up ask id and another school\'s ask exactly as an ask without standing, for any adult', async () => {
    const before = await recorded()
    const answers = [
      await answer(families.separated, { askId: ask, childId: families.tama, answer: 'yes' }),
      await answer(families.separated, { askId: 'cak_doesnotexist000000000', childId: families.tama, answer: 'yes' }),
      await answer(families.unsafe, { askId: ask, childId: families.mere, answer: 'yes' }),
      await answer(families.unsafe, { askId: 'cak_doesnotexist000000000', childId: families.mere, answer: 'yes' }),
      // The mother has standing on Aroha: a missing ask tells her nothing more than it tells anyone.
      await answer(families.mother, { askId: 'cak_doesnotexist000000000', childId: families.aroha, answer: 'yes' }),
      await answer(families.mother, { askId: elsewhere, childId: families.aroha, answer: 'yes' })
    ]
    for (const refused of answers) expectEnvelope(refused, 422, 'no_consent_standing')
    const bodies = answers.map(withoutTrace)
    for (const body of bodies) expect(body).toEqual(bodies[0])
    expect(await recorded()).toBe(before)
  })

  it('keeps the office\'s paper form on its own day, checked on that day, and a missing ask not_found to the office', async () => {
    const paper = (body: Record<string, unknown>, askId = ask) => callApi(`/api/app/consents/asks/${askId}/answers`, { headers: { cookie: office }, body })
    expectEnvelope(await paper({ childId: families.tama, adultId: families.separated, answer: 'yes', day: families.today }), 422, 'no_consent_standing')
    const afterOrder = addDays(families.today, 366)
    const form = await paper({ childId: families.tama, adultId: families.separated, answer: 'yes', day: afterOrder })
    expect(form.status).toBe(201)
    expect(form.body).toMatchObject({ effectiveFrom: afterOrder, enteredByStaff: true })
    expectEnvelope(
      await paper({ childId: families.aroha, adultId: families.mother, answer: 'yes', day: families.today }, 'cak_doesnotexist000000000'), 404,
      'not_found'
    )
  })
})
