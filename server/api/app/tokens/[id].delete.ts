import { defineAppRoute } from '../../../utils/app-route'
import { z } from 'zod'
import { recordId } from '../../../../shared/schemas/common'
import { revokedTokenSchema } from '../../../../shared/schemas/staff-settings'
import { domainError } from '../../../domain/shared/domain-error'
import { revokeToken } from '../../../domain/tokens/manage-tokens'

export default defineAppRoute({
  summary: 'Revoke an API token', tag: 'API tokens', capability: 'tokens.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('tok') }), response: revokedTokenSchema
}, async (ctx) => {
  if (!await revokeToken(ctx, ctx.params.id)) throw domainError('not_found', [`No token has the id ${ctx.params.id}.`])
  return { id: ctx.params.id, revoked: true as const }
})
