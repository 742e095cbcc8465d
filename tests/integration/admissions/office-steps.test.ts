import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { applications } from '../../../db/schema'
import { submitApplication } from '../../../server/domain/admissions/submit-application'
import { acceptOffer, declineOffer, offerApplication } from '../../../server/domain/admissions/office-steps'
import { newSchool } from '../../support/schools'
import { applicationBody, eventKinds } from '../../support/admissions-fixtures'
import type { TestSchool } from '../../support/roles-fixtures'

describe('the office\'s steps: submitted → offered → accepted | declined', () => {
  let school: TestSchool
  const row = async (id: string) => (await school.database.db.select().from(applications).where(eq(applications.id, id)))[0]!

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
  })

  it('offers a place from a day and at a campus, then records acceptance, each with who and when, each announced', async () => {
    const { id } = await submitApplication(school.context, applicationBody())
    const offered = await offerApplication(school.context, id, { startsOn: '2027-01-28', campus: 'South' })
    expect(offered).toMatchObject({ state: 'offered', startsOn: '2027-01-28', offeredBy: 'system:test' })
    expect((await row(id)).offeredAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    await acceptOffer(school.context, id)
    expect(await row(id)).toMatchObject({ state: 'accepted', answeredBy: 'system:test', answeredAt: expect.stringMatching(/T/) })
    expect(await eventKinds(school, id)).toEqual(['application.created', 'application.updated', 'application.updated'])
  })

  it('records a decline', async () => {
    const { id } = await submitApplication(school.context, applicationBody())
    await offerApplication(school.context, id)
    await declineOffer(school.context, id)
    expect((await row(id)).state).toBe('declined')
  })

  it('defaults the first day to 1 January of the entry year', async () => {
    const { id } = await submitApplication(school.context, applicationBody({ placement: { yearLevel: 'K', entryYear: 2099 } }))
    expect((await offerApplication(school.context, id)).startsOn).toBe('2099-01-01')
  })

  it.each([
    ['accept', 'submitted', (id: string) => acceptOffer(school.context, id)],
    ['decline', 'submitted', (id: string) => declineOffer(school.context, id)]
  ])('refuses to %s a %s application, naming the state it needs', async (_step, _state, step) => {
    const { id } = await submitApplication(school.context, applicationBody())
    await expect(step(id)).rejects.toMatchObject({ code: 'unprocessable', detail: [expect.stringContaining('must be offered; it is submitted')] })
  })

  it('refuses a second offer, naming the state it needs, and an unknown campus by its field', async () => {
    const { id } = await submitApplication(school.context, applicationBody())
    await expect(offerApplication(school.context, id, { campus: 'East' })).rejects.toMatchObject({
      code: 'validation_failed', extras: { fields: [{ path: 'campus' }] }
    })
    await offerApplication(school.context, id)
    await expect(offerApplication(school.context, id)).rejects.toMatchObject({
      code: 'unprocessable', detail: [expect.stringContaining('must be submitted; it is offered')]
    })
    await expect(offerApplication(school.context, 'apl_missing')).rejects.toMatchObject({ code: 'not_found' })
  })
})
