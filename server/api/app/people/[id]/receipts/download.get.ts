import { Readable } from 'node:stream'
import { defineAppRoute } from '../../../../../utils/app-route'
import { fileAnswer } from '../../../../../utils/file-answer'
import { personIdParam } from '../../../../../../shared/schemas/person-record'
import { receiptDownloadAnswer, receiptDownloadQuery } from '../../../../../../shared/schemas/receipts'
import { receiptsFile } from '../../../../../domain/receipts/receipts'
import { todayInZone } from '../../../../../domain/days/clock'

const types = { json: 'application/json', csv: 'text/csv; charset=utf-8' } as const

/** Every receipt of the person (13 months), for a subject-access request: an administrator's download. */
export default defineAppRoute({
  summary: 'Download a person\'s data-access receipts', tag: 'People', capability: 'settings.manage', rateLimit: 30, module: 'people',
  params: personIdParam, query: receiptDownloadQuery, produces: Object.values(types), response: receiptDownloadAnswer, errors: ['not_found']
}, async (ctx) => {
  const bytes = await receiptsFile(ctx, ctx.params.id, ctx.query.format)
  return fileAnswer({
    fileName: `rollbook-receipts-${ctx.params.id}-${todayInZone(ctx.school.timeZone)}.${ctx.query.format}`, contentType: types[ctx.query.format],
    size: bytes.length, body: Readable.from([bytes])
  })
})
