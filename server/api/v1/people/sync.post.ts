import { defineApiRoute } from '../../../utils/api-route'
import { peopleSyncAnswerSchema, peopleSyncInputSchema } from '../../../../shared/schemas/imports'
import { stageSync } from '../../../domain/imports/stage-sync'
import { importBodyLimit } from '../../../domain/imports/import-limits'

export default defineApiRoute({
  summary: 'Send the student information system\'s export',
  description: 'Reads and stages the file at once. Any unreadable line makes the run `failed`, every such line in `unreadable`, and nothing is applied; otherwise the run is `queued` and applied within a few seconds in one transaction, matching people on the system\'s own ids. It pauses for somebody at the school to confirm on the system\'s first run, or when more than 2% of its people would be absent, or more than 20% amended or created.',
  tag: 'Imports',
  scope: 'people.sync',
  rateLimit: 300,
  module: 'people_sync',
  idempotent: true,
  body: peopleSyncInputSchema,
  maxBodyBytes: importBodyLimit,
  upload: true,
  response: peopleSyncAnswerSchema,
  status: 202,
  errors: ['payload_too_large', 'unprocessable', 'conflict']
}, ctx => stageSync(ctx, ctx.body))
