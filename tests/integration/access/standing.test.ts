import { beforeAll, describe, expect, it } from 'vitest'
import { accessFor } from '../../../server/domain/access/access'
import { assertStanding, standingOf, standingsOnChild, showsChild } from '../../../server/domain/access/standing'
import { whoCanSeeChild } from '../../../server/domain/access/who-can-see-child'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { liftProtectionFlag, recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { listRestrictedViews } from '../../../server/domain/restricted/restricted-record'
import type { DomainContext } from '../../../server/domain/shared/context'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { courtOrderPurposes, standingPurposes } from '../../../shared/vocabulary'
import { submitApplication } from '../../../server/domain/admissions/submit-application'
import { bookTourFromPortal, portalApplications } from '../../../server/domain/admissions/portal-admissions'
import { familyRecords } from '../../../server/domain/portal/family-download'
import { enquiries } from '../../../db/schema'
import { eq } from 'drizzle-orm'
import { addTour } from '../../support/admissions-fixtures'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>
const day = '2026-06-01'
const granted = (list: readonly string[]) => Object.fromEntries(standingPurposes.map(purpose => [purpose, list.includes(purpose)]))
const everything = granted(standingPurposes)
const nothing = granted([])

/** A child and the adults around them, each responsibility span as given (`to` null for open). */
function family<const Adult extends string>(school: School, childName: string, adults: Record<Adult, { from: string, to: string | null } | null>) {
  return writeChanges(school.context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: 'Standing', givenNames: childName, dateOfBirth: '2015-04-02' })
    const ids = {} as Record<Adult, string>
    for (const [name, span] of Object.entries(adults) as [Adult, { from: string, to: string | null } | null][]) {
      ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Standing', givenNames: name })
      if (span) await insertParentalResponsibility(
        tx, changes, school.school, { adultId: ids[name], childId: child, relationship: 'parent', validFrom: span.from, validTo: span.to }
      )
    }
    return { child, ...ids }
  })
}

/*
 * The table of cases in docs/portal.md, on both databases: standing per purpose on the day, from
 * responsibility spans, court orders naming the adult and protection flags naming safe adults.
 */
describe('standing in the family portal', () => {
  let school: School, other: School
  let shared: Awaited<ReturnType<typeof family<'mother' | 'father' | 'former' | 'future' | 'stranger'>>>
  let flagged: Awaited<ReturnType<typeof family<'safe' | 'unsafe'>>>
  let elsewhere: Awaited<ReturnType<typeof family<'parent'>>>

  beforeAll(async () => {
    school = await newSchool({ name: 'Standing College' })
    other = await newSchool({ name: 'Standing Elsewhere' })
    shared = await family(school, 'Aroha', {
      mother: { from: '2015-04-02', to: null },
      father: { from: '2015-04-02', to: null },
      former: { from: '2015-04-02', to: '2026-05-01' },
      future: { from: '2026-09-01', to: null },
      stranger: null
    })
    // The father may not see details or be in contact from March 2026 for a year; an order against the mother ended long ago.
    await recordCourtOrder(school.context, shared.child, {
      kind: 'parenting_order', restrainedPersonId: shared.father, purposes: ['details', 'contact', 'collection'], validFrom: '2026-03-04',
      validTo: '2027-03-04'
    })
    await recordCourtOrder(
      school.context, shared.child,
      { kind: 'intervention_order', restrainedPersonId: shared.mother, purposes: ['billing'], validFrom: '2024-01-01', validTo: '2025-01-01' }
    )
    flagged = await family(school, 'Tama', { safe: { from: '2016-01-01', to: null }, unsafe: { from: '2016-01-01', to: null } })
    await recordProtectionFlag(school.context, flagged.child, { kind: 'family_violence', validFrom: '2026-01-01', safeAdultIds: [flagged.safe] })
    elsewhere = await family(other, 'Wiremu', { parent: { from: '2015-04-02', to: null } })
  })

  it('grants every purpose to an adult with responsibility in force and nothing against them', async () => {
    expect(await standingOf(school, shared.mother, shared.child, day)).toEqual({
      purposes: everything, responsible: true, reasons: ['parental responsibility since 2015-04-02']
    })
  })

  it('withholds the purposes a court order in force names, and no others; collection is not the portal\'s', async () => {
    expect(await standingOf(school, shared.father, shared.child, day)).toEqual({
      purposes: granted(['billing', 'applications', 'consents', 'messages', 'attendance']),
      responsible: true,
      reasons: ['parental responsibility since 2015-04-02', 'court order 2026-03-04 limits details and contact until 2027-03-04']
    })
    // Before the order and after it, the father's standing is whole.
    expect((await standingOf(school, shared.father, shared.child, '2026-03-03')).purposes).toEqual(everything)
    expect((await standingOf(school, shared.father, shared.child, '2027-03-05')).purposes).toEqual(everything)
  })

  it('gives nothing without responsibility on the day: ended, not yet begun, never held', async () => {
    expect(await standingOf(school, shared.former, shared.child, day))
      .toEqual({ purposes: nothing, responsible: false, reasons: ['parental responsibility ended on 2026-05-01'] })
    expect(await standingOf(school, shared.future, shared.child, day))
      .toEqual({ purposes: nothing, responsible: false, reasons: ['parental responsibility only from 2026-09-01'] })
    expect(await standingOf(school, shared.stranger, shared.child, day))
      .toEqual({ purposes: nothing, responsible: false, reasons: ['no parental responsibility on file'] })
    expect((await standingOf(school, shared.former, shared.child, '2026-04-30')).purposes).toEqual(everything)
  })

  it('keeps a protected child from every adult the flag does not name as safe, until it is lifted', async () => {
    expect((await standingOf(school, flagged.safe, flagged.child, day)).purposes).toEqual(everything)
    expect(await standingOf(school, flagged.unsafe, flagged.child, day)).toEqual({
      purposes: nothing,
      responsible: true,
      reasons: ['parental responsibility since 2016-01-01', 'protection flag since 2026-01-01 withholds the child from every adult it does not name']
    })
    // An open flag counts even before its first day, as every list of the school counts it.
    expect((await standingOf(school, flagged.unsafe, flagged.child, '2025-06-01')).purposes).toEqual(nothing)
  })

  it('answers another school\'s child and an unknown id as it answers a stranger: nothing', async () => {
    expect((await standingOf(school, elsewhere.parent, elsewhere.child, day)).purposes).toEqual(nothing)
    expect((await standingOf(school, shared.mother, 'per_doesnotexist', day)).purposes).toEqual(nothing)
    expect((await standingOf(other, elsewhere.parent, elsewhere.child, day)).purposes).toEqual(everything)
  })

  it('refuses every case without the purpose with one and the same error', async () => {
    const refusal = async (adult: string, child: string, ctx: School = school) => {
      const error = await assertStanding(ctx, adult, child, 'details', day).then(() => null, (caught: unknown) => caught)
      expect(error).not.toBeNull()
      return JSON.stringify(error) + String((error as Error).message)
    }
    const answers = new Set([
      await refusal(shared.stranger, shared.child),
      await refusal(shared.father, shared.child),
      await refusal(shared.former, shared.child),
      await refusal(flagged.unsafe, flagged.child),
      await refusal(elsewhere.parent, elsewhere.child),
      await refusal(shared.mother, 'per_doesnotexist')
    ])
    expect(answers.size).toBe(1)
    expect([...answers][0]).toContain('standing_withheld')
    // Standing grants the father billing, but the portal names a child only with details too (showsChild).
    expect((await standingOf(school, shared.father, shared.child, day)).purposes.billing).toBe(true)
    await expect(assertStanding(school, shared.father, shared.child, 'billing', day)).rejects.toMatchObject({ code: 'standing_withheld' })
    await expect(assertStanding(school, shared.mother, shared.child, 'billing', day)).resolves.toBeUndefined()
  })

  it('tells the office who can see the child and why, only with restricted.read, and records the read', async () => {
    const staff = async (accountId: string, role: string): Promise<DomainContext> =>
      ({ ...school.context, ...await accessFor(school.database, school.school, { kind: 'staff', accountId, role }) })
    await expect(whoCanSeeChild(await staff('acc_office', 'office'), shared.child, day)).rejects.toMatchObject({ code: 'forbidden' })
    const admin = await staff('acc_standing_admin', 'admin')
    const adults = await whoCanSeeChild(admin, shared.child, day)
    expect(adults.map(entry => entry.adult.givenNames)).toEqual(['father', 'former', 'future', 'mother'])
    expect(adults.find(entry => entry.adult.givenNames === 'father')!.reasons).toContain('court order 2026-03-04 limits details and contact until 2027-03-04')
    expect((await listRestrictedViews(admin, { personId: shared.child })).map(view => view.viewedBy)).toEqual(['staff:acc_standing_admin'])
    // Every adult the child's records name is listed, by name.
    expect((await standingsOnChild(school, flagged.child, day)).map(entry => entry.adult.givenNames)).toEqual(['safe', 'unsafe'])
  })

  it('gives the unsafe adult back their standing from the day after the flag is lifted', async () => {
    const child = await family(school, 'Lifted', { parent: { from: '2016-01-01', to: null } })
    const flag = await recordProtectionFlag(school.context, child.child, { kind: 'child_protection', validFrom: '2026-01-01' })
    await liftProtectionFlag(school.context, flag, '2026-05-31')
    expect((await standingOf(school, child.parent, child.child, '2026-05-31')).purposes).toEqual(nothing)
    expect((await standingOf(school, child.parent, child.child, day)).purposes).toEqual(everything)
  })
})

/*
 * Standing for a child whatever brought them in (issue 35, point 1): where no parental responsibility is
 * on file for the child, an application naming the adult or a tour booking they made gives
 * `applications` and nothing more, and a flag or an order in force withholds it as for any child. The
 * portal shows such an applicant their own application (showsChild's one exception), never through a
 * flag or an order. Rows of docs/portal.md's table of cases.
 */
describe('standing from an application or a booking, where no responsibility is on file', () => {
  let school: School
  const applicantOf = async (givenNames: string) => {
    const adult = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Applicant', givenNames }))
    const application = await submitApplication(school.context, {
      student: { familyName: `Prospect ${givenNames}`, givenNames: 'Kid', dateOfBirth: '2021-03-04' }, adults: [{ personId: adult }],
      placement: { yearLevel: '1', entryYear: 2027 }
    })
    return { adult, child: application.studentId, application: application.id }
  }
  const bookerOf = async (givenNames: string) => {
    const adult = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Enquirer', givenNames }))
    const booking = await bookTourFromPortal(
      school.context, adult, await addTour(school), { student: { familyName: 'Prospect', givenNames: `booked by ${givenNames}` } }
    )
    const [enquiry] = await school.database.db.select({ studentId: enquiries.studentId }).from(enquiries).where(eq(enquiries.id, booking.enquiryId))
    return { adult, child: enquiry!.studentId, booking: booking.id }
  }
  const shown = async (adult: string) => {
    const portal = await portalApplications(school.context, adult, day)
    const download = await familyRecords(school, adult, day)
    return {
      applications: portal.applications.map(row => row.id), bookings: portal.bookings.map(row => row.id),
      downloaded: download.applications.map(row => row.id)
    }
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Standing Admissions' })
  })

  it('gives an adult an application names applications and nothing more, and shows them their own application', async () => {
    const { adult, child, application } = await applicantOf('Ana')
    const standing = await standingOf(school, adult, child, day)
    expect(standing).toEqual({
      purposes: granted(['applications']), responsible: false,
      reasons: ['named on an application or a tour booking, with no parental responsibility on file for the child']
    })
    expect(showsChild(standing, 'applications')).toBe(true)
    expect(showsChild(standing, 'details')).toBe(false)
    expect(await shown(adult)).toEqual({ applications: [application], bookings: [], downloaded: [application] })
    // The office's panel lists the applicant among the adults the child's records name.
    expect((await standingsOnChild(school, child, day)).map(entry => entry.adult.id)).toEqual([adult])
  })

  it('gives an enquirer with a tour booking applications and nothing more, and shows them their booking', async () => {
    const { adult, child, booking } = await bookerOf('Ben')
    expect((await standingOf(school, adult, child, day)).purposes).toEqual(granted(['applications']))
    expect((await shown(adult)).bookings).toEqual([booking])
  })

  it('withholds an applicant\'s child under a protection flag, in Applications and tours and in the download', async () => {
    const { adult, child } = await applicantOf('Cara')
    await recordProtectionFlag(school.context, child, { kind: 'child_protection', validFrom: '2026-01-01' })
    expect(await standingOf(school, adult, child, day)).toMatchObject({ purposes: nothing, responsible: false })
    expect(await shown(adult)).toEqual({ applications: [], bookings: [], downloaded: [] })
  })

  it('withholds an applicant\'s child under a court order naming them for every purpose', async () => {
    const { adult, child } = await applicantOf('Dion')
    await recordCourtOrder(
      school.context, child,
      { kind: 'parenting_order', restrainedPersonId: adult, purposes: [...courtOrderPurposes], validFrom: '2026-01-01', validTo: null }
    )
    expect((await standingOf(school, adult, child, day)).purposes).toEqual(nothing)
    expect(await shown(adult)).toEqual({ applications: [], bookings: [], downloaded: [] })
  })

  it('withholds an enquirer\'s booking under a court order limiting applications', async () => {
    const { adult, child } = await bookerOf('Eru')
    await recordCourtOrder(
      school.context, child,
      { kind: 'parenting_order', restrainedPersonId: adult, purposes: ['applications'], validFrom: '2026-01-01', validTo: '2027-01-01' }
    )
    expect((await standingOf(school, adult, child, day)).purposes).toEqual(nothing)
    expect((await shown(adult)).bookings).toEqual([])
  })

  it('withholds the application under an order keeping the applicant from the child\'s details, since it names the child', async () => {
    const { adult, child } = await applicantOf('Fia')
    await recordCourtOrder(
      school.context, child, { kind: 'parenting_order', restrainedPersonId: adult, purposes: ['details'], validFrom: '2026-01-01', validTo: null }
    )
    expect((await standingOf(school, adult, child, day)).purposes).toEqual(nothing)
    expect((await shown(adult)).applications).toEqual([])
  })

  it('gives an application nothing where responsibility for the child is on file, as for any adult without it', async () => {
    const { adult, child, application } = await applicantOf('Gus')
    const carer = await writeChanges(school.context, async (tx, changes) => {
      const id = await insertPerson(tx, changes, school.id, { familyName: 'Carer', givenNames: 'Hana' })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: id, childId: child, relationship: 'parent', validFrom: '2021-03-04', validTo: null }
      )
      return id
    })
    expect(await standingOf(school, adult, child, day)).toMatchObject({ purposes: nothing, responsible: false })
    expect((await shown(adult)).applications).toEqual([])
    expect((await standingOf(school, carer, child, day)).purposes).toEqual(everything)
    expect(application).toBeTruthy()
  })
})
