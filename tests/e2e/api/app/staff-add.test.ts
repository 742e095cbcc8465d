import { beforeAll, describe, expect, it } from 'vitest'
import { changePersonContact } from '../../../../server/domain/people/contact-details'
import { inviteFamilyMember } from '../../../../server/domain/portal/family-access'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession, uniqueEmail } from '../../../support/staff-sessions'

/*
 * POST /api/app/staff never hands the caller a link into an account that was there before, nor a staff
 * account linked to a parent (the review of issue 35; the rules are tests/integration/staff/staff-add.test.ts).
 */
describe('adding staff through the screens\' interface', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let add: (body: unknown) => Promise<ApiAnswer>
  beforeAll(async () => {
    school = await newSchool({ name: 'Staff Add Route School' })
    const { cookie } = await staffSession(school, 'admin')
    add = body => callApi('/api/app/staff', { method: 'POST', body, headers: { cookie } })
  })

  it('refuses a parent\'s address (conflict on email) and a parent\'s record as personId (validation_failed on personId), answering no link', async () => {
    const { mother, father } = await seedFamily(school.context, { family: 'Route', child: 'Ife' })
    const email = uniqueEmail('parent')
    await changePersonContact(school.context, mother, { email })
    await inviteFamilyMember(school.context, mother)
    const taken = await add({ email, role: 'teacher' })
    expectEnvelope(taken, 409, 'conflict')
    expect(fieldPaths(taken)).toEqual(['email'])
    expect(JSON.stringify(taken.body)).not.toContain('sign-in/link')
    const linked = await add({ email: uniqueEmail('new-teacher'), role: 'teacher', personId: father })
    expectEnvelope(linked, 400, 'validation_failed')
    expect(fieldPaths(linked)).toEqual(['personId'])
  })

  it('answers the link for a new account only; a member added again is mailed theirs (signInLink null)', async () => {
    const email = uniqueEmail('returning')
    const first = await add({ email, role: 'teacher' })
    expect(first.status).toBe(201)
    expect(first.body.signInLink).toMatch(/\/sign-in\/link\?token=/)
    const { cookie } = await staffSession(school, 'admin')
    expect((await callApi(`/api/app/staff/${first.body.member.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    const again = await add({ email, role: 'office' })
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ member: { id: first.body.member.id, role: 'office' }, signInLink: null, linkExpiresAt: expect.any(String) })
  })
})
