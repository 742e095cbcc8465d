import { Readable } from 'node:stream'
import { definePortalRoute } from '../../../../../utils/portal-route'
import { fileAnswer } from '../../../../../utils/file-answer'
import { subjectAccessFileAnswer, subjectAccessParams } from '../../../../../../shared/schemas/subject-access'
import { portalAnswerDocument } from '../../../../../domain/subject-access/portal-answers'

/** The answer to a subject access request this adult made, sent to their portal: only to them, as one JSON file. */
export default definePortalRoute({
  summary: 'Download the answer to the adult\'s subject access request', tag: 'Family portal', rateLimit: 10, module: 'people',
  params: subjectAccessParams, produces: ['application/json'], response: subjectAccessFileAnswer, errors: ['not_found']
}, async (ctx) => {
  const bytes = Buffer.from(JSON.stringify(await portalAnswerDocument(ctx, ctx.portal.adultId, ctx.params.id, ctx.day), null, 2))
  return fileAnswer({
    fileName: `rollbook-answer-${ctx.params.id}-${ctx.day}.json`, contentType: 'application/json' as const, size: bytes.length,
    body: Readable.from([bytes])
  })
})
