import { defineEventHandler, getQuery } from 'h3'
import { useDatabase } from '../../../utils/database'
import { apiError } from '../../../utils/errors'
import { readKannelDeliveryReport } from '../../../domain/notifications/texts/kannel-reports'
import { recordDeliveryReport, schoolOfHookKey } from '../../../domain/notifications/text-replies'

/** A text's delivery report, as Kannel calls the `dlr-url` the text went with (docs/notifications.md). */
export default defineEventHandler(async (event) => {
  const database = await useDatabase()
  const query = getQuery(event)
  const schoolId = await schoolOfHookKey(database, typeof query.key === 'string' ? query.key : undefined)
  const report = readKannelDeliveryReport(query)
  if (!report) throw apiError('validation_failed', ['A delivery report names its text and its type.'], { fields: [{ path: 'type', message: 'Required.' }] })
  await recordDeliveryReport(database, schoolId, report)
  return ''
})
