import type { DomainContext } from '../../shared/context'
import { writeChanges } from '../../shared/write-changes'
import { endAffiliation } from '../../affiliations/close-affiliation'
import { applyBillingSplit } from '../../billing/set-billing-split'
import { insertConcession } from '../../billing/concessions'
import { insertCourtOrder } from '../../restricted/court-orders'
import { insertProtectionFlag } from '../../restricted/protection-flags'
import { correctPersonName } from '../../people/correct-name'
import type { SeededRandom } from './seeded-random'
import { wholeBasisPoints } from '../../../../shared/basis-points'

export interface DemoFamily {
  carerIds: string[]
  children: { id: string, startsOn: string }[]
}

interface DemoPeople {
  families: DemoFamily[]
  staffIds: string[]
  earlyLeavers: { spanId: string, lastDay: string }[]
  thisYear: number
}

/**
 * The parts of the demo made through the same functions the staff screens will call, so the demo
 * exercises their rules: billing split by category (with an earlier split closed), concessions,
 * exit reasons, a court order and a protection flag, and corrected names with their history.
 */
export async function recordDemoRoles(ctx: DomainContext, random: SeededRandom, demo: DemoPeople) {
  const counts = { splitBilling: 0, concessions: 0 }
  const newYear = `${demo.thisYear}-01-01`
  const students = demo.families.flatMap(family => family.children)

  await writeChanges(ctx, async (tx, changes) => {
    const split = (studentId: string, category: string, from: string, shares: [string, number][]) =>
      applyBillingSplit(tx, changes, ctx.school, studentId, { category, from, shares: shares.map(([payerId, share]) => ({ payerId, share })) })
    const concession = async (studentId: string, kind: Parameters<typeof insertConcession>[4]['kind'], validFrom: string, validTo: string | null = null) => {
      await insertConcession(tx, changes, ctx.school, studentId, { kind, validFrom, validTo })
      counts.concessions++
    }

    for (const family of demo.families) {
      const [first, second] = family.carerIds
      if (second && random.chance(0.15)) {
        for (const child of family.children) {
          // Tuition was all the first carer's until this year, and is shared from 1 January.
          if (child.startsOn < newYear) await split(child.id, 'tuition', child.startsOn, [[first!, wholeBasisPoints]])
          await split(child.id, 'tuition', child.startsOn < newYear ? newYear : child.startsOn, [[first!, 7000], [second, 3000]])
          await split(child.id, 'excursions', child.startsOn, [[second, wholeBasisPoints]])
        }
        counts.splitBilling++
      }
      for (const sibling of family.children.slice(1)) await concession(sibling.id, 'sibling', sibling.startsOn)
    }
    const pickDistinct = (count: number) => [...new Set(Array.from({ length: count }, () => random.pick(students).id))]
    for (const id of pickDistinct(Math.min(demo.staffIds.length, Math.ceil(students.length / 40)))) await concession(id, 'staff', newYear)
    for (const id of pickDistinct(Math.ceil(students.length / 50))) await concession(id, 'scholarship', `${demo.thisYear}-01-28`, `${demo.thisYear}-12-15`)
    for (const id of pickDistinct(Math.ceil(students.length / 50))) await concession(id, 'bursary', `${demo.thisYear - 1}-01-28`, `${demo.thisYear - 1}-12-15`)

    for (const leaver of demo.earlyLeavers) {
      await endAffiliation(
        tx, changes, ctx.school, leaver.spanId, { lastDay: leaver.lastDay, exitReason: { reason: random.pick(ctx.school.lists.withdrawalReasons) } }
      )
    }

    const protectedFamily = demo.families.find(family => family.carerIds.length === 2) ?? demo.families[0]!
    await insertCourtOrder(tx, changes, ctx.school, protectedFamily.children[0]!.id, {
      kind: 'parenting_order',
      validFrom: `${demo.thisYear - 1}-08-14`,
      restrainedPersonId: protectedFamily.carerIds[1] ?? null,
      // A separated parent: in the family portal they see nothing of the child's details or contact (docs/portal.md).
      purposes: ['details', 'contact', 'collection'],
      summary: 'Demo: the named parent may not collect the child from school, see their details or contact them through the school.'
    })
    const flaggedFamily = demo.families.at(-1)!
    const flagged = flaggedFamily.children[0]!
    // The child stays visible in the portal to the first carer alone.
    await insertProtectionFlag(tx, changes, ctx.school, flagged.id, {
      kind: 'suppressed_details', validFrom: flagged.startsOn, note: 'Demo: do not give out contact details.', safeAdultIds: flaggedFamily.carerIds.slice(0, 1)
    })
  })

  // A student recorded under the wrong name, put right, and a carer who changed her name this year.
  const misrecorded = students[1] ?? students[0]!
  await correctPersonName(ctx, misrecorded.id, { familyName: 'Nguyễn', givenNames: 'Thảo', change: 'correction', effectiveFrom: newYear })
  const carer = demo.families.at(-1)!.carerIds[0]!
  await correctPersonName(ctx, carer, { familyName: 'Okonkwo-Smith', givenNames: 'Adaeze', change: 'change', effectiveFrom: `${demo.thisYear}-03-01` })
  return counts
}
