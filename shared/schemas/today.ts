import { z } from 'zod'
import { day } from './common'

const tally = z.number().int().min(0)

/** Today's counts; a line the member's capabilities do not reach is absent. */
export const todaySchema = z.object({
  today: day,
  newEnquiries: tally.optional().describe('Enquiries received in the last 7 days.'),
  applications: z.object({ submitted: tally, offered: tally, accepted: tally }).optional()
    .describe('Applications waiting for the office\'s or the family\'s step.'),
  toursWithPlaces: tally.optional().describe('Tours in the next 7 days with places left.'),
  starters: tally.optional().describe('Children starting within the next 14 days.'),
  pausedSyncRuns: tally.optional(),
  failingWebhooks: tally.optional().describe('Subscriptions whose deliveries are failing or were given up in the last 7 days.'),
  unreachableAdults: tally.optional()
    .describe('Adults whose email address bounced or whose number\'s last three texts failed, in the last 30 days (messages.send).'),
  absences: z.object({ reported: tally, unexplained: tally, waitingForAcknowledgement: tally }).optional()
    .describe('Today\'s absences: reported by families or the office, found by the register with no report yet, and reports the office has not acknowledged (absences.manage).'),
  subjectAccessDue: tally.optional()
    .describe('Open subject access requests whose deadline is within 7 days or has passed (subject_access.manage).'),
  courtOrdersEnding: z.object({ count: tally, childIds: z.array(z.string()) }).optional()
    .describe('Children whose court order ends within 30 days (restricted.read only).')
})
