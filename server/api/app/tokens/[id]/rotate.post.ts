import { defineAppRoute } from '../../../../utils/app-route'
import { z } from 'zod'
import { recordId } from '../../../../../shared/schemas/common'
import { issuedTokenSchema } from '../../../../../shared/schemas/staff-settings'
import { rotateToken } from '../../../../domain/tokens/manage-tokens'

/** Issues the twin of a token; the old one works until it is revoked, once the integration has moved. */
export default defineAppRoute({
  summary: 'Rotate an API token', tag: 'API tokens', capability: 'tokens.manage', rateLimit: 30, stepUp: true, status: 201,
  params: z.strictObject({ id: recordId('tok') }), body: z.strictObject({}), response: issuedTokenSchema
}, ctx => rotateToken(ctx, ctx.params.id))
