import type { DomainContext } from '../shared/context'
import { readNotificationChoices, textNumberOf } from './notification-choices'
import { contactProblemsOf } from './unreachable'

/**
 * An adult's notifications as the office sees them on their record (docs/notifications.md, "Delivery"):
 * what the family sees on their page, and whether their address bounced or their number is failing. The
 * office reads it and never changes it: a family's choices and STOP are the family's own.
 */
export async function personNotifications(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string) {
  const choices = await readNotificationChoices(ctx, adultId)
  const problems = await contactProblemsOf(ctx.database, ctx.school.id, {
    id: adultId, email: choices.channels.email.address, textNumber: textNumberOf(choices.channels.sms.number)
  })
  // The endpoints' hashes serve the family's own browser only: the office is shown the devices by name.
  const devices = choices.channels.push.devices.map(({ endpointHash: _endpointHash, ...device }) => device)
  return {
    ...choices, channels: { ...choices.channels, push: { devices } }, numberInInternationalForm: Boolean(textNumberOf(choices.channels.sms.number)),
    ...problems
  }
}
