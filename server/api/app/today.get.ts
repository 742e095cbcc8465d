import { defineAppRoute } from '../../utils/app-route'
import { todaySchema } from '../../../shared/schemas/today'
import { whatNeedsAHand } from '../../domain/staff/today'

export default defineAppRoute({
  summary: 'What needs someone\'s hand today, counted for the member\'s capabilities',
  tag: 'Today', rateLimit: 120, response: todaySchema
}, whatNeedsAHand)
