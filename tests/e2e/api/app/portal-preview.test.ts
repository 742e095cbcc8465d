import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, enquiries, restrictedViews } from '../../../../db/schema'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../../server/domain/restricted/protection-flags'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertEnquiry } from '../../../../server/domain/enquiries/record-enquiry'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Previewing the portal as an adult shows which children they are kept from. An adult any of whose
 * children is under restriction today is previewed only through the restricted check (restricted.read
 * and a passkey proof, the view recorded), whether or not the flag or order keeps that adult out: the
 * refusal tells no more than the office lists do by leaving the child out.
 */
describe('previewing the portal as an adult of a child under restriction', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let applicant: { adult: string, child: string }
  const preview = (cookie: string, adult: string) => callApi(`/api/app/people/${adult}/portal-preview`, { method: 'POST', headers: { cookie } })
  const previewsOf = async (adult: string) => (await school.database.db.select().from(activity)
    .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'portal.previewed'), eq(activity.subjectId, adult)))).length
  const viewsBy = async (accountId: string) => (await school.database.db.select().from(restrictedViews)
    .where(and(eq(restrictedViews.schoolId, school.id), eq(restrictedViews.viewedBy, `staff:${accountId}`)))).map(view => view.personId)

  beforeAll(async () => {
    school = await newSchool({ name: 'Preview School' })
    families = await seedPortalFamilies(school)
    // An adult on file through an application alone (no parental responsibility), whom a court order keeps from the child.
    applicant = await writeChanges(school.context, async (tx, changes) => ({
      adult: await insertPerson(tx, changes, school.id, { familyName: 'Kereama', givenNames: 'Huia', email: 'huia@example.org' }),
      child: await insertPerson(tx, changes, school.id, { familyName: 'Kereama', givenNames: 'Nikau', dateOfBirth: '2020-03-04' })
    }))
    await submitApplication(
      school.context,
      { student: { personId: applicant.child }, adults: [{ personId: applicant.adult }], placement: { yearLevel: '1', entryYear: 2027 } }
    )
    await recordCourtOrder(
      school.context, applicant.child,
      { kind: 'parenting_order', restrainedPersonId: applicant.adult, purposes: ['details', 'applications'], validFrom: families.lastMonth, validTo: null }
    )
  })

  it('lets portal.preview alone preview an adult none of whose children is under restriction', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await preview(cookie, families.mother)).body).toEqual({ previewing: families.mother })
    expect((await callApi('/api/app/portal', { headers: { cookie } })).body).toMatchObject({ adult: { id: families.mother }, preview: true })
  })

  it('refuses portal.preview alone every adult of a restricted child with one body, withheld or not, recording nothing', async () => {
    const { cookie } = await staffSession(school, 'office')
    // Kept from the child by an order, not kept, kept by a flag, named safe by it, and kept while only an applicant.
    const adults = [families.separated, families.resident, families.unsafe, families.safe, applicant.adult]
    const bodies = []
    for (const adult of adults) {
      const refused = await preview(cookie, adult)
      expectEnvelope(refused, 403, 'forbidden')
      expect(refused.body.data.missingScope).toBe('restricted.read')
      const { traceId: _traceId, ...data } = refused.body.data
      bodies.push({ ...refused.body, data })
      expect(await previewsOf(adult)).toBe(0)
    }
    for (const body of bodies) expect(body).toEqual(bodies[0])
    expect(JSON.stringify(bodies[0])).not.toMatch(/Tama|Mere|Nikau|court|flag|withheld/i)
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie } }), 403, 'no_portal_identity')
  })

  it('lets restricted.read with a passkey proof preview them, recording a view of each restricted child', async () => {
    const admin = await staffSession(school, 'admin')
    expect((await preview(admin.cookie, families.separated)).body).toEqual({ previewing: families.separated })
    // The order keeps the separated parent from Tama's details: the preview shows what they see, which is no child.
    expect((await callApi('/api/app/portal', { headers: { cookie: admin.cookie } })).body)
      .toMatchObject({ adult: { id: families.separated }, preview: true, children: [] })
    expect(await viewsBy(admin.member.id)).toEqual([families.tama])
    const recorded = await school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'restricted.viewed'), eq(activity.subjectId, families.tama)))
    expect(recorded.map(entry => entry.summary))
      .toEqual([`Previewed the family portal as person ${families.separated}, which shows their standing on person ${families.tama}`])
    expect((await preview(admin.cookie, applicant.adult)).status).toBe(200)
    expect(await viewsBy(admin.member.id)).toEqual(expect.arrayContaining([families.tama, applicant.child]))
  })

  it('asks restricted.read for a passkey proof within five minutes (step_up_required), recording nothing; an adult of no restricted child '
    + 'needs none', async () => {
    const stale = await staffSession(school, 'admin', { ago: 10 * 60_000 })
    expectEnvelope(await preview(stale.cookie, families.unsafe), 403, 'step_up_required')
    expect(await previewsOf(families.unsafe)).toBe(0)
    expect(await viewsBy(stale.member.id)).toEqual([])
    expect((await preview(stale.cookie, families.father)).status).toBe(200)
  })

  it('counts an enquiry without a booking as the portal does: its child is not the adult\'s, so a flag on it asks no restricted check', async () => {
    // Standing grants an enquirer something only once a tour is booked; the preview's restriction rule looks at the same children.
    const enquirer = await writeChanges(school.context, async (tx, changes) => {
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Ngata', givenNames: 'Rangi', email: 'rangi@example.org' })
      const { id } = await insertEnquiry(tx, changes, school.school, { student: { familyName: 'Ngata', givenNames: 'Kahu' }, enquirer: { personId: adult } })
      return { adult, enquiryId: id }
    })
    const [enquiry] = await school.database.db.select({ studentId: enquiries.studentId }).from(enquiries)
      .where(eq(enquiries.id, enquirer.enquiryId))
    const child = enquiry!.studentId
    await recordProtectionFlag(school.context, child, { kind: 'family_violence', validFrom: families.today })
    const { cookie, member } = await staffSession(school, 'office')
    expect((await preview(cookie, enquirer.adult)).body).toEqual({ previewing: enquirer.adult })
    expect(await viewsBy(member.id)).toEqual([])
    const home = await callApi('/api/app/portal', { headers: { cookie } })
    expect(home.body).toMatchObject({ adult: { id: enquirer.adult }, preview: true, children: [] })
    const applications = await callApi('/api/app/portal/applications', { headers: { cookie } })
    expect(applications.status).toBe(200)
    expect(applications.body).toMatchObject({ applications: [], bookings: [] })
    expect(JSON.stringify([home.body, applications.body])).not.toContain(child)
  })

  it('refuses a preview by portal.preview alone from the moment a child of the adult comes under restriction; ending it still works', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await preview(cookie, families.father)).status).toBe(200)
    expect((await callApi('/api/app/portal', { headers: { cookie } })).status).toBe(200)
    await recordProtectionFlag(school.context, families.aroha, { kind: 'family_violence', validFrom: families.today, safeAdultIds: [families.mother] })
    const refused = await callApi('/api/app/portal', { headers: { cookie } })
    expectEnvelope(refused, 403, 'forbidden')
    expect(refused.body.data.missingScope).toBe('restricted.read')
    expect((await callApi('/api/app/portal-preview', { method: 'DELETE', headers: { cookie } })).body).toEqual({ previewing: null })
    expectEnvelope(await preview(cookie, families.mother), 403, 'forbidden')
  })
})
