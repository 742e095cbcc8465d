import { Readable } from 'node:stream'
import { definePortalRoute } from '../../../../utils/portal-route'
import { fileAnswer } from '../../../../utils/file-answer'
import { familyDownloadAnswer, familyDownloadQuery } from '../../../../../shared/schemas/portal'
import { familyCsv, familyDocument, familyRecords } from '../../../../domain/portal/family-download'

const types = { json: 'application/json', csv: 'text/csv; charset=utf-8' } as const

/** Everything the school holds on the adult and the children they have `details` standing on today, as one JSON document or one CSV file. */
export default definePortalRoute({
  summary: 'Download the family\'s records', tag: 'Family portal', rateLimit: 10, module: 'people',
  query: familyDownloadQuery, produces: Object.values(types), response: familyDownloadAnswer
}, async (ctx) => {
  const records = await familyRecords(ctx, ctx.portal.adultId, ctx.day)
  const bytes = ctx.query.format === 'csv' ? await familyCsv(records) : Buffer.from(JSON.stringify(familyDocument(records, ctx.portal.adultId), null, 2))
  return fileAnswer({
    fileName: `rollbook-data-${ctx.day}.${ctx.query.format}`, contentType: types[ctx.query.format], size: bytes.length, body: Readable.from([bytes])
  })
})
