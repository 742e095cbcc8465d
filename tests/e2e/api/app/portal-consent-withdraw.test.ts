import { beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../../../server/domain/days/calendar'
import { callApi } from '../../../support/api'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { seedClass } from '../../../support/consent-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

/*
 * The portal's Consents says when an adult may still withdraw (issue 36, point 1): `canWithdraw` is the
 * server's, worked out by the rule recording an answer keeps (record-answer.ts#takesWithdrawal), so the
 * screen no longer repeats it. A closed ask takes no answers, except a `no` to a standing consent given.
 */
describe('the portal\'s consents say when a closed ask may still be withdrawn', () => {
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, standing: string, occasion: string
  const cookies: Record<string, string> = {}
  const items = async (adult: string) => (await callApi(
    '/api/app/portal/consents', { headers: { cookie: cookies[adult]! } }
  )).body.items as { ask: { id: string }, child: { id: string }, canWithdraw: boolean }[]
  const canWithdraw = async (adult: string, askId: string) =>
    (await items(adult)).find(item => item.ask.id === askId && item.child.id === families.aroha)?.canWithdraw
  const answer = (adult: string, askId: string, choice: 'yes' | 'no') =>
    callApi('/api/app/portal/consents/answers', { headers: { cookie: cookies[adult]! }, body: { askId, childId: families.aroha, answer: choice } })
  const askFor = async (name: string, lasting: 'standing' | 'each_occasion') => {
    const purpose = (await callApi(
      '/api/app/consents/purposes', { headers: { cookie: office }, body: { name, aboutNamedThing: lasting === 'each_occasion', lasting } }
    )).body.id
    const body = {
      purposeId: purpose, ...lasting === 'each_occasion' ? { subject: 'Museum' } : {}, audience: ['class:3A'], closesOn: addDays(families.today, 30),
      answeredBy: 'every_adult'
    }
    return (await callApi('/api/app/consents/asks', { headers: { cookie: office }, body })).body.id as string
  }

  beforeAll(async () => {
    const school = await newSchool({ name: 'Consent Withdraw School' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3A', [families.aroha])
    office = (await staffSession(school, 'office')).cookie
    for (const adult of ['mother', 'father'] as const) cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    standing = await askFor('Photographs', 'standing')
    occasion = await askFor('Excursion', 'each_occasion')
  })

  it('offers withdrawing only a standing consent given, once its ask closed', async () => {
    for (const askId of [standing, occasion]) expect((await answer(families.mother, askId, 'yes')).status).toBe(201)
    expect((await answer(families.father, standing, 'no')).status).toBe(201)
    // Open asks take any answer: nothing to withdraw apart.
    expect([await canWithdraw(families.mother, standing), await canWithdraw(families.mother, occasion)]).toEqual([false, false])
    for (const askId of [standing, occasion]) {
      expect((await callApi(`/api/app/consents/asks/${askId}`, { method: 'PATCH', headers: { cookie: office }, body: { status: 'closed' } })).status).toBe(200)
    }
    expect(await canWithdraw(families.mother, standing)).toBe(true)
    expect(await canWithdraw(families.mother, occasion)).toBe(false)
    expect(await canWithdraw(families.father, standing)).toBe(false)
    // What it offers, the answer route takes; then there is nothing more to withdraw.
    expect((await answer(families.mother, standing, 'no')).status).toBe(201)
    expect(await canWithdraw(families.mother, standing)).toBe(false)
    expect((await answer(families.mother, occasion, 'no')).status).toBe(422)
  })
})
