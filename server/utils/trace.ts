import { randomBytes } from 'node:crypto'
import type { H3Event } from 'h3'

/** The id quoted in an error answer and logged with it, so a report can be matched to the log. */
export function traceIdOf(event: H3Event): string {
  event.context.traceId ??= randomBytes(8).toString('hex')
  return event.context.traceId
}
