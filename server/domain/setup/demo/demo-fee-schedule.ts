import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { createFeeSchedule, editFeeDraft, publishFeeVersion } from '../../fees/fee-schedules'
import { settleDemoMail } from './demo-mail-settled'

/** A demo schedule's draft for `year`: four terms, tuition by the lower and upper half of the year levels, excursions in the first term, two concessions. */
export function demoFeeDraft(year: string, levels: readonly string[], upperTuition = 395_000) {
  const half = Math.ceil(levels.length / 2)
  const terms: [string, string][] = [['01-28', '04-04'], ['04-22', '06-27'], ['07-14', '09-19'], ['10-06', '12-12']]
  return {
    periods: terms.map(([from, to], i) => ({ name: `Term ${i + 1}`, kind: 'term' as const, startsOn: `${year}-${from}`, endsOn: `${year}-${to}` })),
    lines: [
      { category: 'tuition', description: 'Tuition', amount: 310_000, period: null, yearLevels: levels.slice(0, half), campusId: null },
      { category: 'tuition', description: 'Tuition', amount: upperTuition, period: null, yearLevels: levels.slice(half), campusId: null },
      { category: 'excursions', description: 'Excursions and camps', amount: 42_500, period: 'Term 1', yearLevels: [], campusId: null }
    ],
    concessionRules: [
      { kind: 'sibling' as const, category: 'tuition', percentBasisPoints: 1000, amount: null },
      { kind: 'staff' as const, category: null, percentBasisPoints: 5000, amount: null }
    ]
  }
}

/**
 * This year's fee schedule of a demo school, published as a school's bursar would at the start of the year
 * (demoFeeDraft). Publishing tells every payer (noticeFeeStatements); those notices went out when the year
 * began, so they are settled as handed over here, not left for the bench's servers to send.
 */
export async function seedDemoFeeSchedule(ctx: DomainContext) {
  const year = todayInZone(ctx.school.timeZone).slice(0, 4)
  const { versionId } = await createFeeSchedule(ctx, { name: `${year} fees`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
  await editFeeDraft(ctx, versionId, demoFeeDraft(year, ctx.school.lists.yearLevels))
  await publishFeeVersion(ctx, versionId)
  await settleDemoMail(ctx)
  return { feeVersionId: versionId }
}
