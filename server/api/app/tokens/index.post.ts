import { defineAppRoute } from '../../../utils/app-route'
import { issuedTokenSchema, tokenIssueSchema } from '../../../../shared/schemas/staff-settings'
import { issueToken } from '../../../domain/tokens/manage-tokens'
import { unknownScopeProblems } from '../../../domain/access/catalogue'

/** Issues a token from the API tokens settings; the secret is in this answer only. */
export default defineAppRoute({
  summary: 'Issue an API token', tag: 'API tokens', capability: 'tokens.manage', rateLimit: 30, stepUp: true, status: 201,
  body: tokenIssueSchema, bodyChecks: unknownScopeProblems, response: issuedTokenSchema
}, ctx => issueToken(ctx, { ...ctx.body, issuedVia: 'settings' }))
