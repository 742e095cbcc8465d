import { z } from 'zod'
import { messageDeliveryStatuses, notificationDeliveryStatuses } from '../vocabulary'
import { pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'
import { audienceInput } from './consents'
import { languageTag } from './languages'
import { defaultLanguage, languageCodes, shippedLanguage } from '../languages'

const personName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })

/** The text of a message: any characters a letter holds, line breaks included, but no NUL (PostgreSQL refuses it). */
const messageBody = z.string().trim().min(1, 'Required.').max(20_000, 'At most 20000 characters.')
  .refine(text => !text.includes('\u0000'), 'Holds a NUL character.')

/**
 * Adults of the audience's children whom standing keeps from being told, never who or why, the same
 * before and after sending (left-out.ts): `counted` (five or more: `leftOutCount`), `fewer_than_5`
 * (none to four, no number), or `not_counted` (the audience names adults).
 */
const leftOutShape = {
  leftOut: z.enum(['counted', 'fewer_than_5', 'not_counted']),
  leftOutCount: z.number().nullable().describe('The number left out when `leftOut` is `counted`, otherwise null.')
}

export const audiencePreviewInput = z.strictObject({ audience: audienceInput })
export const audiencePreviewSchema = z.object({
  adultCount: z.number(),
  childCount: z.number(),
  ...leftOutShape,
  languages: z.array(z.object({ language: z.string(), adultCount: z.number() })).describe(
    `Each language the school offers (${defaultLanguage}, the school's own, first) with how many of the adults prefer it; adults with no `
    + 'preference count as the school\'s own. A language no longer offered that an adult still prefers is listed after.'
  ),
  adults: z.array(personName.extend({ hasEmail: z.boolean() }))
})

/** One version of a message: its language, subject and text, written by a person. */
export const messageVersionInput = z.strictObject({ language: languageTag, subject: plainLine(200), body: messageBody })

/**
 * The versions beside the school's original, each in a language other than the school's own and each
 * language once; whether the school offers a language is the domain's question (send-message.ts).
 */
export const messageVersionsInput = z.array(messageVersionInput).max(languageCodes.length).check((ctx) => {
  const seen = new Set<string>()
  for (const [index, version] of ctx.value.entries()) {
    const code = shippedLanguage(version.language)?.code
    if (!code) continue
    const message = code === defaultLanguage
      ? 'The school\'s own language is the message itself, not a version.'
      : seen.has(code) ? 'Each language once.' : undefined
    seen.add(code)
    if (message) ctx.issues.push({ code: 'custom', input: version.language, path: [index, 'language'], message })
  }
})

export const messageInput = z.strictObject({ subject: plainLine(200), body: messageBody, audience: audienceInput, versions: messageVersionsInput.optional() })
export type MessageVersionInput = z.input<typeof messageVersionInput>
export type MessageInput = z.input<typeof messageInput>
export const sentMessageSchema =
  z.object({ id: z.string(), subject: z.string(), createdAt: timestamp, adultCount: z.number(), childCount: z.number(), ...leftOutShape })

const tally = {
  sentCount: z.number().describe('Mails sent; to a caller without `restricted.read`, a mail standing withheld counts here, as a told adult\'s would.'),
  pendingCount: z.number(),
  bouncedCount: z.number(),
  withheldCount: z.number().describe('Mails standing withheld (docs/messages.md): counted only for a caller holding `restricted.read`, 0 for anyone else.'),
  readCount: z.number()
}
export const messageSummarySchema = z.object({
  id: z.string(), subject: z.string(), audience: z.array(z.string()), createdAt: timestamp,
  emergency: z.boolean().describe('Sent as an emergency: on every channel each adult has, whatever they chose (docs/notifications.md).'),
  adultCount: z.number(), childCount: z.number(), ...leftOutShape, ...tally
})
export const messagePageSchema = pageOf(messageSummarySchema, 'MessagePage')
export const messageListQuery = z.strictObject({ ...pageQueryShape })
export const messageParams = z.object({ id: recordId('msg') })
export const messageVersionSchema = z.object({ language: z.string(), subject: z.string(), body: z.string() })
export const messageSchema = messageSummarySchema.extend({ body: z.string(), versions: z.array(messageVersionSchema) })

export const messageRecipientSchema = z.object({
  id: z.string(),
  adult: personName,
  email: z.string().nullable(),
  status: z.enum(messageDeliveryStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: timestamp.nullable(),
  readAt: timestamp.nullable(),
  otherChannels: z.array(z.object({
    channel: z.enum(['sms', 'push']), status: z.enum(notificationDeliveryStatuses), lastError: z.string().nullable(), deliveredAt: timestamp.nullable()
  })).describe('The texts and phone notifications of the message to the adult (docs/notifications.md), one per number or device.'),
  textsStopped: z.boolean().describe('The adult\'s number replied STOP: no text goes to it, an emergency\'s neither, until it replies START.'),
  textsFailing: z.boolean().describe('The last three texts to the adult\'s number failed or bounced: no more go to it until one gets through or it changes.')
})
export const messageRecipientPageSchema = pageOf(messageRecipientSchema, 'MessageRecipientPage')
export const bouncedAddressesSchema = z.object({
  items: z.array(z.object({ adult: personName, email: z.string(), lastError: z.string().nullable(), messageId: z.string(), at: timestamp }))
})

export const portalMessagePageSchema = pageOf(
  z.object({ id: z.string(), subject: z.string(), sentAt: timestamp, readAt: timestamp.nullable() }), 'PortalMessagePage'
)
export const portalMessageQuery = z.strictObject({
  original: z.enum(['1']).optional().describe('1: the school\'s original, not the version in the adult\'s language.')
})
export const portalMessageSchema = z.object({
  id: z.string(), subject: z.string(), body: z.string(), sentAt: timestamp, readAt: timestamp.nullable(),
  language: z.string().describe('The language the subject and body are in.'),
  original: z.boolean().describe('Whether the subject and body are the school\'s original, in the school\'s own language.'),
  translation: z.enum(['given', 'not_given', 'not_needed']).describe(
    'Whether the school wrote a version in the adult\'s language (`given`), wrote none (`not_given`: the original is shown with a line saying so), '
    + 'or the adult reads the school\'s own language (`not_needed`).'
  )
})
