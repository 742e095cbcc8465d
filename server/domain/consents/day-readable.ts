import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'

/**
 * Another day than today needs `restricted.read`, for every office read of answers (an ask's tally, its
 * answers, an excursion list, a child's consents): whose answers count on a day follows their standing,
 * so comparing days would tell when a court order or a flag began or ended. Asked before anything is
 * looked up, so an unknown id answers the same.
 */
export function assertDayReadable(ctx: DomainContext, day: string) {
  if (day !== todayInZone(ctx.school.timeZone)) assertCapability(ctx, 'restricted.read')
}
