import { defineEventHandler, getQuery, getRequestURL, readBody, setResponseHeader } from 'h3'
import { useDatabase } from '../../../utils/database'
import { publicUrl } from '../../../domain/shared/public-url'
import { schoolOfHookKey } from '../../../domain/notifications/text-replies'
import { receiveTwilioReply } from '../../../domain/notifications/twilio-hooks'

/**
 * A family's reply to the school's Twilio number (its messaging webhook, docs/notifications.md): STOP or
 * START for the number. The answer is an empty TwiML response: Rollbook texts nothing back.
 */
export default defineEventHandler(async (event) => {
  const database = await useDatabase()
  const query = getQuery(event)
  const schoolId = await schoolOfHookKey(database, typeof query.key === 'string' ? query.key : undefined)
  const form = await readBody<Record<string, string>>(event) ?? {}
  const url = `${publicUrl()}${getRequestURL(event).pathname}${getRequestURL(event).search}`
  await receiveTwilioReply(database, schoolId, { url, form, signature: event.headers.get('x-twilio-signature') ?? undefined })
  setResponseHeader(event, 'content-type', 'text/xml')
  return '<?xml version="1.0" encoding="UTF-8"?><Response/>'
})
