import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { personReceiptsSchema } from '../../../../../shared/schemas/receipts'
import { receiptSummaryDays, receiptsOfPerson, summariseReceipts } from '../../../../domain/receipts/receipts'
import { todayInZone } from '../../../../domain/days/clock'
import { addDays } from '../../../../domain/days/calendar'

/** Which integrations read the person's records: per token's purpose, today and in the last 30 days, and each day's reads. */
export default defineAppRoute({
  summary: 'Who read a person\'s records through the API', tag: 'People', capability: 'person.read', rateLimit: 120, module: 'people',
  params: personIdParam, response: personReceiptsSchema, errors: ['not_found']
}, async (ctx) => {
  const today = todayInZone(ctx.school.timeZone)
  const days = await receiptsOfPerson(ctx, ctx.params.id, addDays(today, -(receiptSummaryDays - 1)))
  return { readBy: summariseReceipts(days, today), days }
})
