import type { DomainContext } from '../shared/context'
import { childrenWithStanding } from '../access/children-shown'
import { schoolCurrency } from '../schools/currency'
import type { Statement } from './compute-statement'
import { statementOf, studentBillingFacts } from './read-statements'
import { periodView, publishedSchedules } from './read-fees'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
/**
 * One payer's own part of a statement: the categories they pay a part of, with that category's lines
 * and total, their share and what it comes to. Nothing of any other payer, not even that there is one.
 */
function ownPart(statement: Statement, payerId: string) {
  const categories = statement.categories.flatMap((category) => {
    const mine = category.parts.find(part => part.payerId === payerId)
    if (!mine) return []
    return [{
      category: category.category,
      lines: category.lines.map(({ description, amount, reductions, charged }) => ({ description, amount, reductions, charged })),
      total: category.total, share: mine.share, amount: mine.amount
    }]
  })
  return { categories, amount: categories.reduce((acc, category) => acc + category.amount, 0) }
}

/**
 * The portal's Fees: for each child the adult has `billing` standing on today (showsChild), each
 * published schedule's periods in force and the adult's own part of each. A period they pay no part
 * of is left out; a child they pay nothing for is listed with no schedules.
 */
export async function portalFees(ctx: ReadContext, adultId: string, day: string) {
  const children = await childrenWithStanding(ctx, adultId, 'billing', day)
  const schedules = children.length ? await publishedSchedules(ctx) : []
  const facts = await studentBillingFacts(ctx, children.map(child => child.id))
  return {
    currency: schoolCurrency(ctx.school),
    children: children.map(child => ({
      child,
      schedules: schedules.map(({ schedule, periods }) => ({
        id: schedule.id,
        name: schedule.name,
        periods: periods.flatMap(({ version, period, content }) => {
          const own = ownPart(statementOf(facts.get(child.id)!, period, content).statement, adultId)
          return own.categories.length ? [{ period: periodView(period), version: { id: version.id, number: version.number }, ...own }] : []
        })
      })).filter(schedule => schedule.periods.length)
    }))
  }
}
