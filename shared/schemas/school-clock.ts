import { z } from 'zod'

/**
 * What the screens need to write the school's times and money (shared/school-time.ts): its IANA time
 * zone and the ISO 4217 currency of its fees. It rides on answers the screens already load (the staff
 * session, the portal's front page), so no page asks for it on its own.
 */
export const schoolClockSchema = z.object({
  timeZone: z.string().describe('The school\'s IANA time zone: every time on the screens is on its wall clock.'),
  currency: z.string().describe('The ISO 4217 currency of the school\'s fees.')
})
export type SchoolClock = z.infer<typeof schoolClockSchema>
