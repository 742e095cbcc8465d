import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { affiliationCloseBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { closeAffiliation } from '../../../../domain/affiliations/close-affiliation'

/** Closes a span on its last day; a student's leaving reason is kept as a restricted record. */
export default defineAppRoute({
  summary: 'Close an affiliation', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('aff') }), body: affiliationCloseBody, response: writtenSchema, errors: ['not_found', 'held_elsewhere', 'unprocessable']
}, async (ctx) => {
  const { lastDay, reason, note } = ctx.body
  await refusedBeside('lastDay', () => closeAffiliation(ctx, ctx.params.id, { lastDay, ...(reason ? { exitReason: { reason, note: note || null } } : {}) }))
  return { id: ctx.params.id }
})
