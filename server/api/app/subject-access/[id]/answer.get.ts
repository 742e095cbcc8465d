import { Readable } from 'node:stream'
import { defineAppRoute } from '../../../../utils/app-route'
import { fileAnswer } from '../../../../utils/file-answer'
import { subjectAccessFileAnswer, subjectAccessParams } from '../../../../../shared/schemas/subject-access'
import { todayInZone } from '../../../../domain/days/clock'
import { officeSubjectAccessAnswer } from '../../../../domain/subject-access/office-answer'

/** The office's copy (withheld items named with their exemption): restricted records are read, so a recent passkey proof. */
export default defineAppRoute({
  summary: 'Download the office\'s copy of an access request\'s answer as one JSON file', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 30, stepUp: true, params: subjectAccessParams, produces: ['application/json'],
  response: subjectAccessFileAnswer, errors: ['not_found', 'conflict']
}, async (ctx) => {
  const bytes = Buffer.from(JSON.stringify(await officeSubjectAccessAnswer(ctx, ctx.params.id), null, 2))
  return fileAnswer({
    fileName: `rollbook-subject-access-${ctx.params.id}-${todayInZone(ctx.school.timeZone)}.json`, contentType: 'application/json' as const,
    size: bytes.length, body: Readable.from([bytes])
  })
})
