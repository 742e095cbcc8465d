import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { plainLine } from '../../../../shared/schemas/common'
import { languageTag } from '../../../../shared/schemas/languages'
import { textLengths } from '../../../domain/notifications/text-length'

/** What a message's text costs in each language before it is sent: GSM-7 or UCS-2, and how many parts; and whether texts go at all. */
export default defineAppRoute({
  summary: 'Count the SMS parts a message\'s text takes in each of its languages', tag: 'Messages', capability: 'messages.send', rateLimit: 300,
  body: z.strictObject({
    subject: plainLine(200), emergency: z.boolean().optional(),
    versions: z.array(z.strictObject({ language: languageTag, subject: plainLine(200) })).max(10).optional()
  }),
  response: z.object({
    textGateway: z.boolean().describe('Whether the school has a text gateway: without one no text is sent, whatever this counts.'),
    texts: z.array(z.object({ language: z.string(), characters: z.number(), encoding: z.enum(['gsm7', 'ucs2']), segments: z.number() }))
  })
}, async ctx => textLengths(ctx, ctx.body))
