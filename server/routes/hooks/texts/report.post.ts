import { defineEventHandler, getQuery, getRequestURL, readBody } from 'h3'
import { useDatabase } from '../../../utils/database'
import { publicUrl } from '../../../domain/shared/public-url'
import { schoolOfHookKey } from '../../../domain/notifications/text-replies'
import { receiveTwilioStatus } from '../../../domain/notifications/twilio-hooks'

/** A text's status, as Twilio posts its status callback (docs/notifications.md); signed by Twilio, else not_found. */
export default defineEventHandler(async (event) => {
  const database = await useDatabase()
  const query = getQuery(event)
  const schoolId = await schoolOfHookKey(database, typeof query.key === 'string' ? query.key : undefined)
  const form = await readBody<Record<string, string>>(event) ?? {}
  // Twilio signs the address it was given, the public one, not the one this process sees behind a proxy.
  const url = `${publicUrl()}${getRequestURL(event).pathname}${getRequestURL(event).search}`
  await receiveTwilioStatus(database, schoolId, typeof query.reference === 'string' ? query.reference : undefined,
    { url, form, signature: event.headers.get('x-twilio-signature') ?? undefined })
  return ''
})
