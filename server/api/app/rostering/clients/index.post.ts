import { defineAppRoute } from '../../../../utils/app-route'
import { createdOneRosterClientSchema, oneRosterClientCreateSchema } from '../../../../../shared/schemas/oneroster-clients'
import { createOneRosterClient } from '../../../../domain/oneroster/clients'

/** Makes a OneRoster client; its secret is in this answer only. Like a rostering token, it is made only in the rostering settings. */
export default defineAppRoute({
  summary: 'Make a OneRoster REST client', tag: 'Rosters', capability: 'tokens.manage', rateLimit: 30, stepUp: true, status: 201,
  body: oneRosterClientCreateSchema, response: createdOneRosterClientSchema
}, ctx => createOneRosterClient(ctx, ctx.body))
