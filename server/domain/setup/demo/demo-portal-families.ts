import type { DomainContext } from '../../shared/context'
import { writeChanges } from '../../shared/write-changes'
import { todayInZone } from '../../days/clock'
import { insertPerson } from '../../people/person-record'
import { insertAffiliation } from '../../affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../people/parental-responsibility'
import { applyBillingSplit } from '../../billing/set-billing-split'
import { insertCourtOrder } from '../../restricted/court-orders'
import { insertProtectionFlag } from '../../restricted/protection-flags'
import { addStaffAccount } from '../../staff/staff-access'
import { giveFamilyAccess } from '../../portal/family-access'
import { wholeBasisPoints } from '../../../../shared/basis-points'

/** The adults of the demo's portal families by the case each shows (docs/portal.md), with the children they are about. */
export interface DemoPortalFamilies {
  /** Two parents sharing responsibility for two children: both see both. */
  shared: { adults: [string, string], children: [string, string] }
  /** A separated parent under a court order limiting details and contact: sees nothing of the child. */
  separated: { resident: string, restrained: string, child: string }
  /** A protected child whose flag names one safe adult: the other parent sees nothing of them. */
  protectedChild: { safe: string, other: string, child: string }
  /** A grandparent whose responsibility ended last month, beside a parent who still holds it. */
  endedCarer: { ended: string, parent: string, child: string }
  /** A teacher who is also a parent: one account, staff screens and the portal. */
  staffParent: { adult: string, accountId: string, email: string, child: string }
}

const lastDayOfLastMonth = (today: string) => {
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`)
  return new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10)
}

/**
 * Families that show every case of standing in the family portal, each adult given family access at an
 * address of this school's own (`<given>.<family>.<school>@example.org`: an address names one account in a
 * deployment, and a database may hold several demo schools). No mail is sent; `family invite` makes a link.
 */
export async function seedDemoPortalFamilies(ctx: DomainContext): Promise<DemoPortalFamilies> {
  const today = todayInZone(ctx.school.timeZone)
  const year = Number(today.slice(0, 4))
  const { yearLevels } = ctx.school.lists
  const level = (index: number) => yearLevels[Math.min(index, yearLevels.length - 1)]!
  const tag = ctx.school.id.slice(-6)
  const addressOf = (given: string, family: string) => `${given}.${family}.${tag}@example.org`.toLowerCase()

  const made = await writeChanges(ctx, async (tx, changes) => {
    const adult = (family: string, given: string) =>
      insertPerson(tx, changes, ctx.school.id, { familyName: family, givenNames: given, email: addressOf(given, family), phone: '+61 400 000 000' })
    const child = async (family: string, given: string, levelIndex: number) => {
      const id = await insertPerson(
        tx, changes, ctx.school.id, { familyName: family, givenNames: given, dateOfBirth: `${year - 6 - levelIndex}-05-0${levelIndex + 1}` }
      )
      const startsOn = `${year - levelIndex}-01-29`
      await insertAffiliation(
        tx, changes, ctx.school,
        { personId: id, kind: 'student', validFrom: startsOn > today ? `${year - levelIndex - 1}-01-29` : startsOn, yearLevel: level(levelIndex) }
      )
      return id
    }
    const responsibility = (adultId: string, childId: string, relationship: string, validFrom: string, validTo: string | null = null) =>
      insertParentalResponsibility(
        tx, changes, ctx.school,
        { adultId, childId, relationship: ctx.school.lists.relationships.includes(relationship) ? relationship : null, validFrom, validTo }
      )
    const pays = (childId: string, shares: [string, number][]) =>
      applyBillingSplit(
        tx, changes, ctx.school, childId, { category: 'all', from: `${year}-01-01`, shares: shares.map(([payerId, share]) => ({ payerId, share })) }
      )

    const amara = await adult('Bennett', 'Amara')
    const tom = await adult('Bennett', 'Tom')
    const lily = await child('Bennett', 'Lily', 2)
    const sam = await child('Bennett', 'Sam', 4)
    for (const kid of [lily, sam]) {
      await responsibility(amara, kid, 'mother', '2015-01-01')
      await responsibility(tom, kid, 'father', '2015-01-01')
      await pays(kid, [[amara, 5000], [tom, 5000]])
    }

    const grace = await adult('Holloway', 'Grace')
    const mark = await adult('Holloway', 'Mark')
    const isla = await child('Holloway', 'Isla', 1)
    await responsibility(grace, isla, 'mother', '2018-01-01')
    await responsibility(mark, isla, 'father', '2018-01-01')
    await pays(isla, [[grace, wholeBasisPoints]])
    await insertCourtOrder(tx, changes, ctx.school, isla, {
      kind: 'parenting_order', validFrom: `${year - 1}-03-04`, validTo: `${year + 1}-03-04`, restrainedPersonId: mark,
      purposes: ['details', 'contact'], summary: 'Demo: the father may not see the child\'s details or contact them through the school.'
    })

    const priya = await adult('Sharma', 'Priya')
    const raj = await adult('Sharma', 'Raj')
    const anika = await child('Sharma', 'Anika', 3)
    await responsibility(priya, anika, 'mother', '2017-01-01')
    await responsibility(raj, anika, 'father', '2017-01-01')
    await pays(anika, [[priya, wholeBasisPoints]])
    await insertProtectionFlag(
      tx, changes, ctx.school, anika,
      { kind: 'family_violence', validFrom: `${year - 1}-09-01`, note: 'Demo: only the mother may see this child in the portal.', safeAdultIds: [priya] }
    )

    const claire = await adult('Whitfield', 'Claire')
    const joan = await adult('Whitfield', 'Joan')
    const noah = await child('Whitfield', 'Noah', 0)
    await responsibility(claire, noah, 'mother', '2019-01-01')
    await responsibility(joan, noah, 'grandparent', '2019-01-01', lastDayOfLastMonth(today))
    await pays(noah, [[claire, wholeBasisPoints]])

    const daniel = await adult('Osei', 'Daniel')
    await insertAffiliation(tx, changes, ctx.school, { personId: daniel, kind: 'staff_member', validFrom: `${year - 3}-01-20` })
    const ama = await child('Osei', 'Ama', 5)
    await responsibility(daniel, ama, 'father', '2014-01-01')
    await pays(ama, [[daniel, wholeBasisPoints]])

    return { amara, tom, lily, sam, grace, mark, isla, priya, raj, anika, claire, joan, noah, daniel, ama }
  })

  const email = addressOf('Daniel', 'Osei')
  const teacher = await addStaffAccount(ctx, { email, role: 'teacher', personId: made.daniel })
  for (const adultId of [made.amara, made.tom, made.grace, made.mark, made.priya, made.raj, made.claire, made.joan, made.daniel]) {
    await giveFamilyAccess(ctx, adultId)
  }
  return {
    shared: { adults: [made.amara, made.tom], children: [made.lily, made.sam] },
    separated: { resident: made.grace, restrained: made.mark, child: made.isla },
    protectedChild: { safe: made.priya, other: made.raj, child: made.anika },
    endedCarer: { ended: made.joan, parent: made.claire, child: made.noah },
    staffParent: { adult: made.daniel, accountId: teacher.id, email, child: made.ama }
  }
}
