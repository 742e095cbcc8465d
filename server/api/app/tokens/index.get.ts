import { defineAppRoute } from '../../../utils/app-route'
import { tokenListSchema } from '../../../../shared/schemas/staff-settings'
import { listTokens } from '../../../domain/tokens/manage-tokens'
import { scopeCatalogue } from '../../../domain/access/catalogue'

export default defineAppRoute({
  summary: 'The school\'s API tokens, and the scopes a token can hold', tag: 'API tokens', capability: 'tokens.manage', rateLimit: 60,
  response: tokenListSchema
}, async ctx => ({
  items: await listTokens(ctx),
  scopes: Object.entries(scopeCatalogue).map(([name, grants]) => ({ name, grants }))
}))
