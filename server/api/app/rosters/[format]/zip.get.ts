import { Readable } from 'node:stream'
import { defineAppRoute } from '../../../../utils/app-route'
import { fileAnswer } from '../../../../utils/file-answer'
import { rosterParams } from '../../../../../shared/schemas/rosters'
import { rosterZipAnswer } from '../../../../../shared/schemas/roster-screens'
import { rosterZip } from '../../../../domain/rosters/roster-zip'

/** Today's set of one format as a zip (`oneroster.zip`, `sds.zip`, `oneroster12.zip`), the same one `roster export` writes. */
export default defineAppRoute({
  summary: 'Download a roster set as a zip', tag: 'Rosters', capability: 'roster.read', module: 'rosters', rateLimit: 10,
  params: rosterParams, produces: 'application/zip', response: rosterZipAnswer, errors: ['not_found'], readsFrom: 'replica'
}, async (ctx) => {
  const zip = await rosterZip(ctx, ctx.params.format)
  return fileAnswer({ fileName: zip.fileName, contentType: 'application/zip', size: zip.bytes.length, body: Readable.from([Buffer.from(zip.bytes)]) })
})
