import { defineEventHandler, getQuery } from 'h3'
import { useDatabase } from '../../../utils/database'
import { apiError } from '../../../utils/errors'
import { readKannelIncomingText } from '../../../domain/notifications/texts/kannel-reports'
import { receiveTextReply, schoolOfHookKey } from '../../../domain/notifications/text-replies'

/**
 * A family's reply, as Kannel's sms-service calls it (`get-url`, docs/notifications.md): STOP or START for
 * its number. The answer is empty: Kannel, set to send no reply, says nothing back to the family.
 */
export default defineEventHandler(async (event) => {
  const database = await useDatabase()
  const query = getQuery(event)
  const schoolId = await schoolOfHookKey(database, typeof query.key === 'string' ? query.key : undefined)
  const reply = readKannelIncomingText(query)
  if (!reply) throw apiError('validation_failed', ['An incoming text names its sender.'], { fields: [{ path: 'from', message: 'Required.' }] })
  await receiveTextReply(database, schoolId, reply)
  return ''
})
