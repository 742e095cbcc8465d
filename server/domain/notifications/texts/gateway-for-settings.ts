import { kannelGateway, type KannelSettings } from './kannel-gateway'
import { twilioGateway, type TwilioSettings } from './twilio-gateway'
import type { TextGateway } from './text-gateway'

export type TextGatewaySettings = KannelSettings | TwilioSettings

/** The gateway a school's settings name. */
export function textGatewayFor(settings: TextGatewaySettings): TextGateway {
  return settings.kind === 'kannel' ? kannelGateway(settings) : twilioGateway(settings)
}
