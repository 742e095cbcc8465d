import { z } from 'zod'
import { messageDeliveryStatuses } from '../vocabulary'
import { pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'
import { audienceInput } from './consents'

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
  adults: z.array(personName.extend({ hasEmail: z.boolean() }))
})

export const messageInput = z.strictObject({ subject: plainLine(200), body: messageBody, audience: audienceInput })
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
  adultCount: z.number(), childCount: z.number(), ...leftOutShape, ...tally
})
export const messagePageSchema = pageOf(messageSummarySchema, 'MessagePage')
export const messageListQuery = z.strictObject({ ...pageQueryShape })
export const messageParams = z.object({ id: recordId('msg') })
export const messageSchema = messageSummarySchema.extend({ body: z.string() })

export const messageRecipientSchema = z.object({
  id: z.string(),
  adult: personName,
  email: z.string().nullable(),
  status: z.enum(messageDeliveryStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: timestamp.nullable(),
  readAt: timestamp.nullable()
})
export const messageRecipientPageSchema = pageOf(messageRecipientSchema, 'MessageRecipientPage')
export const bouncedAddressesSchema = z.object({
  items: z.array(z.object({ adult: personName, email: z.string(), lastError: z.string().nullable(), messageId: z.string(), at: timestamp }))
})

export const portalMessagePageSchema = pageOf(
  z.object({ id: z.string(), subject: z.string(), sentAt: timestamp, readAt: timestamp.nullable() }), 'PortalMessagePage'
)
export const portalMessageSchema = z.object({ id: z.string(), subject: z.string(), body: z.string(), sentAt: timestamp, readAt: timestamp.nullable() })
