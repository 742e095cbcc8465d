import { z } from 'zod'
import { noticeKinds, notificationChannels, notificationModes } from '../vocabulary'
import { plainLine } from './common'

/** A phone number as texts need it: E.164, a `+`, the country code and the number, digits only (`+447700900123`). */
export const e164Number = z.string().trim().regex(/^\+[1-9]\d{6,14}$/,
  'A phone number in international form: + and the country code, then the number, digits only (+447700900123).')

/** `HH:MM`, 24-hour, in the school's zone. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day as HH:MM, 24-hour (17:00).')

/** A gateway's address: http or https (Kannel usually runs on the school's own network), no user or password in it. */
const gatewayUrl = z.url({ protocol: /^https?$/, error: 'An http:// or https:// address.' }).max(2048, 'At most 2048 characters.')
  .refine(value => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password),
    'No user name or password in the address: the fields below hold them.')

/** Sends per second the gateway takes; the worker spaces texts to it. */
const sendsPerSecond = z.number().int('A whole number.').min(1, 'At least 1.').max(500, 'At most 500.')

/** A secret the school types; omitted on a change keeps the one stored, which is never shown again. */
const gatewaySecret = z.string().min(1, 'Required.').max(256, 'At most 256 characters.')
  .refine(value => ![...value].some(character => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f), 'Holds a control character.')

/** A sender as the gateway's SMS centre takes it: a number, or up to 11 letters and digits. */
const textSender = z.string().trim().regex(/^(\+?\d{3,15}|[A-Za-z0-9 ]{1,11})$/, 'A number, or up to 11 letters and digits.')

export const kannelGatewayInput = z.strictObject({
  kind: z.literal('kannel'),
  sendsmsUrl: gatewayUrl.describe('Kannel\'s sendsms address, such as `http://kannel.school.internal:13013/cgi-bin/sendsms`.'),
  username: plainLine(100),
  password: gatewaySecret.optional(),
  from: textSender.optional(),
  sendsPerSecond
})

export const twilioGatewayInput = z.strictObject({
  kind: z.literal('twilio'),
  accountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'An account SID: AC and 32 hexadecimal digits.'),
  authToken: gatewaySecret.optional(),
  from: e164Number.optional(),
  messagingServiceSid: z.string().regex(/^MG[0-9a-f]{32}$/, 'A messaging service SID: MG and 32 hexadecimal digits.').optional(),
  sendsPerSecond
})

export const textGatewayInput = z.discriminatedUnion('kind', [kannelGatewayInput, twilioGatewayInput])
export type TextGatewayInput = z.input<typeof textGatewayInput>

/** The school's notification settings as the office changes them (Settings → Notifications); null gateway: no texts. */
export const notificationSettingsInput = z.strictObject({
  digestTime: clockTime,
  optionalKinds: z.array(z.enum(noticeKinds)).max(noticeKinds.length)
    .refine(kinds => new Set(kinds).size === kinds.length, 'Each kind once.'),
  textGateway: textGatewayInput.nullable()
})
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>

export const notificationSettingsSchema = z.object({
  digestTime: z.string(),
  optionalKinds: z.array(z.enum(noticeKinds)),
  textGateway: z.object({
    kind: z.enum(['kannel', 'twilio']),
    sendsmsUrl: z.string().optional(),
    username: z.string().optional(),
    accountSid: z.string().optional(),
    messagingServiceSid: z.string().optional(),
    from: z.string().optional(),
    sendsPerSecond: z.number(),
    secretSet: z.boolean()
  }).nullable(),
  /** What the gateway calls for incoming texts (STOP, START) and delivery reports: shown for the gateway's configuration. */
  incomingTextUrl: z.string(),
  deliveryReportUrl: z.string(),
  pushPublicKey: z.string()
})

/** One choice an adult makes: a kind of notice, a channel, and how. */
export const notificationChoiceInput = z.strictObject({
  kind: z.enum(noticeKinds),
  channel: z.enum(notificationChannels),
  mode: z.enum(notificationModes)
})
export const notificationChoicesInput = z.strictObject({
  choices: z.array(notificationChoiceInput).min(1, 'At least one choice.').max(noticeKinds.length * notificationChannels.length)
})
export type NotificationChoicesInput = z.input<typeof notificationChoicesInput>

const channelMode = z.enum(notificationModes).nullable().describe('Null: the adult has no such channel (no address, no number, no device).')

const pushDevice = z.object({ id: z.string(), label: z.string(), createdAt: z.string() })

/** An adult's channels and choices, with their devices as `device` shows them. */
function choicesWith<D extends z.ZodType>(device: D) {
  return z.object({
    channels: z.object({
      email: z.object({ address: z.string().nullable() }),
      sms: z.object({ number: z.string().nullable(), stopped: z.boolean(), gateway: z.boolean() }),
      push: z.object({ devices: z.array(device) })
    }),
    kinds: z.array(z.object({
      kind: z.enum(noticeKinds),
      mayTurnOff: z.boolean(),
      email: channelMode,
      sms: channelMode,
      push: channelMode
    })),
    digestTime: z.string()
  })
}

/** The adult's own channels and choices, as the portal reads and writes them: each device with its endpoint's hash. */
export const notificationChoicesSchema = choicesWith(pushDevice.extend({
  endpointHash: z.string().describe('SHA-256 of the device\'s push endpoint, lower-case hex: the page finds its own browser by it. The endpoint is never '
    + 'answered (whoever holds it can push to the device).')
}))

/** What a browser's PushSubscription.toJSON() gives, with the name the family sees for the device. */
export const pushSubscriptionInput = z.strictObject({
  endpoint: z.string().max(2048, 'At most 2048 characters.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: z.string().max(200), auth: z.string().max(100) })
})

export const portalNotificationsSchema = notificationChoicesSchema.extend({
  pushPublicKey: z.string().describe('The school\'s VAPID public key (RFC 8292): what a browser subscribes to push with.')
})

export const personNotificationsSchema = choicesWith(pushDevice).extend({
  numberInInternationalForm: z.boolean().describe('Whether the phone on file is in E.164, the form texts need.'),
  emailBounced: z.boolean().describe('The last mail to the current address bounced.'),
  textsFailing: z.boolean().describe('The last three texts to the number failed or bounced: no more texts go to it until one gets through or it changes.')
})
