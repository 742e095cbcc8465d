import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { recordId } from '../../../../../shared/schemas/common'
import { revokedOneRosterClientSchema } from '../../../../../shared/schemas/oneroster-clients'
import { domainError } from '../../../../domain/shared/domain-error'
import { revokeOneRosterClient } from '../../../../domain/oneroster/clients'

/** Revokes a OneRoster client: its access tokens go with it, so the platform's next request is refused. */
export default defineAppRoute({
  summary: 'Revoke a OneRoster REST client', tag: 'Rosters', capability: 'tokens.manage', rateLimit: 30, stepUp: true,
  params: z.strictObject({ id: recordId('orc') }), response: revokedOneRosterClientSchema
}, async (ctx) => {
  if (!await revokeOneRosterClient(ctx, ctx.params.id)) throw domainError('not_found', [`No OneRoster client has the id ${ctx.params.id}.`])
  return { id: ctx.params.id, revoked: true as const }
})
