import { defineApiRoute } from '../../utils/api-route'
import { apiError } from '../../utils/errors'
import { openCursor, sealCursor } from '../../utils/cursor'
import { runtimeSettings } from '../../utils/runtime-settings'
import { eventFeedQuery, eventFeedSchema } from '../../../shared/schemas/events'
import { readEventFeed, readableKinds } from '../../domain/events/event-feed'
import { currentTime } from '../../domain/days/clock'
import { readLagTolerant } from '../../domain/shared/read-database'

const dayMs = 86_400_000

/**
 * Whether the page asked for is an older one, a consumer catching up: no cursor (the feed from its start) or a
 * cursor whose position is older than the replica may lag. Only such pages may be read from a read replica.
 */
function catchingUp(positionAt: string | undefined, now: Date, maxLagSeconds: number | undefined): boolean {
  return positionAt === undefined || (maxLagSeconds !== undefined && Date.parse(positionAt) < now.getTime() - maxLagSeconds * 1000)
}

/**
 * The events feed. Its cursor holds the position (an outbox sequence, which counts every school's changes,
 * so it never leaves the sealed cursor) and when that position was current,
 * sealed for this school alone; one older than the feed's retention is refused, since changes past it may
 * be gone. A page with nothing new still moves the cursor's time on, so a consumer polling a quiet school
 * never runs out of it.
 */
export default defineApiRoute({
  summary: 'Read the events feed',
  description: 'The school\'s changes in the order they were made, oldest first, as webhooks carry them plus their sequence, their place among the school\'s own changes: `{kind, table, id, at, sequence}`. `nextCursor` is always set; pass it back as `after` to go on, or to catch up after missed webhooks, from any point in the last 30 days. A token sees only the kinds its scopes reach (docs/events.md).',
  tag: 'Events',
  scope: 'event.read',
  rateLimit: 300,
  // The feed is the webhooks' outbox read in order: a school that switches webhooks off switches it off too.
  module: 'webhooks',
  query: eventFeedQuery,
  response: eventFeedSchema,
  errors: ['bad_request', 'unprocessable']
}, async (ctx) => {
  const binding = `v1 events ${ctx.school.id}`
  const now = currentTime()
  const retentionDays = runtimeSettings.webhookRetentionDays
  const from = new Date(now.getTime() - retentionDays * dayMs).toISOString()
  let afterSequence: number | undefined
  let positionAt: string | undefined
  if (ctx.query.after !== undefined) {
    const position = openCursor(binding, ctx.query.after)
    if (!position || typeof position[0] !== 'number' || typeof position[1] !== 'string') {
      throw apiError('bad_request', ['Not a cursor this feed gave out to this school.'])
    }
    if (position[1] < from) throw apiError('unprocessable', [`This cursor is older than the ${retentionDays} days the feed keeps; start again without one.`])
    afterSequence = position[0]
    positionAt = position[1]
  }
  const request = { afterSequence, from, kinds: readableKinds(ctx, ctx.query.kinds), limit: ctx.query.limit }
  const page = await readLagTolerant(ctx, async (reads) => {
    const read = await readEventFeed(reads, request)
    // The newest page is the primary's: a replica's page that ends short may only have ended where the replica has.
    return read.caughtUp && reads.database !== ctx.database ? readEventFeed(ctx, request) : read
  }, { lastWriteAt: ctx.principal.lastWriteAt, primaryBecause: catchingUp(positionAt, now, ctx.database.replica?.maxLagSeconds) ? undefined : 'newest_page' })
  // The position is current as of the last change given on a full page, and as of now on one that caught up.
  const nextAt = page.caughtUp ? now.toISOString() : page.items.at(-1)!.at
  return { items: page.items, nextCursor: sealCursor(binding, [page.resumeAfter, nextAt]) }
})
