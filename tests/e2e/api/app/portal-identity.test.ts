import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, activity, staffAccess } from '../../../../db/schema'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { startSession } from '../../../../server/domain/accounts/sessions'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { changePersonContact } from '../../../../server/domain/people/contact-details'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { ownStaffRecord, staffSession, uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('portal identity: family access, the account it signs in, and staff who are also parents', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Identity School' })
    family = await seedFamily(school.context, { family: 'Portal', child: 'Kit' })
  })

  it('an invited adult signs in with the mailed link, reaches the portal and its children, and no staff screen', async () => {
    const { signInLink } = await familySession(school, family.mother)
    const token = new URL(signInLink).searchParams.get('token')!
    const signedIn = await callApi('/api/app/session/link', { body: { token } })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ signedIn: true, access: { staff: false, family: true } })
    const cookie = signedIn.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))!.split(';')[0]!
    const home = await callApi('/api/app/portal', { headers: { cookie } })
    expect(home.status).toBe(200)
    expect(home.body).toMatchObject({
      adult: { id: family.mother }, preview: false, children: [{ id: family.child, givenNames: 'Kit' }],
      schoolClock: { timeZone: 'Australia/Sydney', currency: 'AUD' }
    })
    expectEnvelope(await callApi('/api/app/today', { headers: { cookie } }), 403, 'forbidden')
    const session = await callApi('/api/app/session', { headers: { cookie } })
    expect(session.body).toMatchObject({
      account: { role: null, capabilities: [] }, access: { staff: false, family: true }, schoolClock: { timeZone: 'Australia/Sydney', currency: 'AUD' }
    })
    expect((await callApi('/api/app/passkeys', { headers: { cookie } })).status).toBe(200)
    expect((await callApi('/api/app/session/link', { body: { token } })).status).toBe(401)
  })

  it('a signed-in account without family access gets no_portal_identity; no session is unauthenticated', async () => {
    const { cookie } = await staffSession(school, 'admin')
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie } }), 403, 'no_portal_identity')
    expectEnvelope(await callApi('/api/app/portal'), 401, 'unauthenticated')
  })

  it('a member of staff who is also a parent has both on one account, and keeps the portal when their staff access is removed', async () => {
    const email = uniqueEmail('teacher-parent')
    // Linked to their own person: an account with staff access is a family login for that person alone.
    await ownStaffRecord(school, family.father, email)
    const member = await addStaffAccount(school.context, { email, role: 'teacher', personId: family.father })
    const { accountId } = await familySession(school, family.father, { email })
    expect(accountId).toBe(member.id)
    const { secret } = await startSession(school.database, { id: member.id, schoolId: school.id }, 'passkey')
    const cookie = `rollbook_session=${secret}`
    expect((await callApi('/api/app/session', { headers: { cookie } })).body)
      .toMatchObject({ account: { role: 'teacher' }, access: { staff: true, family: true } })
    expect((await callApi('/api/app/portal', { headers: { cookie } })).body).toMatchObject({ adult: { id: family.father } })
    const { cookie: admin } = await staffSession(school, 'admin')
    expect((await callApi(`/api/app/staff/${member.id}`, { method: 'DELETE', headers: { cookie: admin } })).status).toBe(200)
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.id, member.id))
    expect(account).toMatchObject({ removedAt: null })
    expect(await school.database.db.select({ endedAt: staffAccess.endedAt }).from(staffAccess).where(eq(staffAccess.accountId, member.id)))
      .toEqual([{ endedAt: expect.any(String) }])
    const again = await startSession(school.database, { id: member.id, schoolId: school.id }, 'code')
    expect((await callApi('/api/app/portal', { headers: { cookie: `rollbook_session=${again.secret}` } })).status).toBe(200)
    expectEnvelope(await callApi('/api/app/today', { headers: { cookie: `rollbook_session=${again.secret}` } }), 403, 'forbidden')
  })

  it('the office invites, sees and ends family access; the screen never receives the link; ending it signs the adult out', async () => {
    const { cookie: office } = await staffSession(school, 'office')
    const other = await seedFamily(school.context, { family: 'Ended', child: 'Rue' })
    await changePersonContact(school.context, other.mother, { email: uniqueEmail('ended') })
    const invited = await callApi(`/api/app/people/${other.mother}/family-access`, { method: 'POST', headers: { cookie: office }, body: {} })
    expect(invited.status).toBe(201)
    expect(invited.body).toEqual({ accountId: expect.stringMatching(/^acc_/), invited: true, linkExpiresAt: expect.any(String) })
    const shown = await callApi(`/api/app/people/${other.mother}/family-access`, { headers: { cookie: office } })
    expect(shown.body.access).toMatchObject({ accountId: invited.body.accountId })
    const { secret } = await startSession(school.database, { id: invited.body.accountId, schoolId: school.id }, 'code')
    expect((await callApi('/api/app/portal', { headers: { cookie: `rollbook_session=${secret}` } })).status).toBe(200)
    expect((await callApi(`/api/app/people/${other.mother}/family-access`, { method: 'DELETE', headers: { cookie: office } })).status).toBe(200)
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie: `rollbook_session=${secret}` } }), 401, 'unauthenticated')
    expect((await callApi(`/api/app/people/${other.mother}/family-access`, { headers: { cookie: office } })).body).toEqual({ access: null })
    const kinds = await school.database.db.select({ kind: activity.kind }).from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, other.mother)))
    expect(kinds.map(row => row.kind).sort()).toEqual(['family.ended', 'family.invited'])
  })

  it('refuses to invite a child, someone unknown, or without an address, each in the envelope', async () => {
    const { cookie: office } = await staffSession(school, 'office')
    expectEnvelope(
      await callApi(`/api/app/people/${family.child}/family-access`, { method: 'POST', headers: { cookie: office }, body: {} }), 422, 'unprocessable'
    )
    expectEnvelope(
      await callApi('/api/app/people/per_doesnotexist0000000/family-access', { method: 'POST', headers: { cookie: office }, body: {} }), 404,
      'not_found'
    )
    const unlisted = await seedFamily(school.context, { family: 'Unlisted', child: 'Bo' })
    expectEnvelope(
      await callApi(`/api/app/people/${unlisted.father}/family-access`, { method: 'POST', headers: { cookie: office }, body: {} }), 400,
      'validation_failed'
    )
    const { cookie: teacher } = await staffSession(school, 'teacher')
    expectEnvelope(
      await callApi(`/api/app/people/${family.mother}/family-access`, { method: 'POST', headers: { cookie: teacher }, body: {} }), 403, 'forbidden'
    )
  })

  it('staff preview the portal as an adult, read-only, recorded in Activity, and end it', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await callApi(`/api/app/people/${family.mother}/portal-preview`, { method: 'POST', headers: { cookie } })).body)
      .toEqual({ previewing: family.mother })
    expect((await callApi('/api/app/portal', { headers: { cookie } })).body)
      .toMatchObject({ adult: { id: family.mother }, preview: true, children: [{ id: family.child }] })
    const recorded = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'portal.previewed')))
    expect(recorded.length).toBeGreaterThan(0)
    expect((await callApi('/api/app/portal-preview', { method: 'DELETE', headers: { cookie } })).body).toEqual({ previewing: null })
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie } }), 403, 'no_portal_identity')
    const { cookie: teacher } = await staffSession(school, 'teacher')
    expectEnvelope(await callApi(`/api/app/people/${family.mother}/portal-preview`, { method: 'POST', headers: { cookie: teacher } }), 403, 'forbidden')
  })
})
