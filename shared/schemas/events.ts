import { z } from 'zod'
import { webhookEventKinds } from '../vocabulary'
import { queryInteger, timestamp } from './common'

/*
 * The events feed (GET /api/v1/events): the outbox's changes in the order they were made, for a consumer
 * that polls, or catches up after missing webhooks, from a cursor. docs/events.md.
 */

const kindList = z.string().max(2000).transform((text, ctx) => {
  const kinds = text.split(',').map(kind => kind.trim()).filter(Boolean)
  const unknown = kinds.filter(kind => !(webhookEventKinds as readonly string[]).includes(kind))
  if (unknown.length) ctx.addIssue({ code: 'custom', message: `Not an event kind: ${unknown.map(kind => kind.slice(0, 64)).join(', ')}.` })
  return kinds as (typeof webhookEventKinds[number])[]
})

export const eventFeedQuery = z.strictObject({
  after: z.string().min(1).max(512).optional()
    .describe('The `nextCursor` of the previous page. Without it the feed starts at its oldest change (30 days back).'),
  kinds: kindList.optional().describe('Only these kinds, comma-separated (such as `person.created,person.updated`); the token\'s scopes limit them further.'),
  limit: queryInteger(1, 1000).default(100).describe('Changes per page, 1 to 1000; default 100.')
})

/**
 * A webhook delivery's body, exactly these four members in this order (docs/webhooks.md, "What arrives"):
 * the worker builds it from this schema's type and `/_asyncapi.json` publishes it from this schema.
 */
export const webhookBodySchema = z.object({
  kind: z.enum(webhookEventKinds),
  table: z.string().describe('The record\'s table, in the plural: `people`, `affiliations`, `enquiries`, …'),
  id: z.string().describe('The changed record\'s id: read it from its endpoint.'),
  at: timestamp
})

/** The feed's item: the webhook body plus the change's sequence. */
export const feedEventSchema = webhookBodySchema.extend({
  sequence: z.number().int()
    .describe('The change\'s place among the school\'s own changes: 1, 2, 3 …, increasing; the only gaps are changes of kinds the caller does not read.')
})

export const eventFeedSchema = z.object({
  items: z.array(feedEventSchema),
  nextCursor: z.string().describe('Always set, even on an empty page: pass it back as `after` to go on from here.')
})
