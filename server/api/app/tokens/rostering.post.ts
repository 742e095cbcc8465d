import { defineAppRoute } from '../../../utils/app-route'
import { issuedTokenSchema, tokenIssueSchema } from '../../../../shared/schemas/staff-settings'
import { issueToken } from '../../../domain/tokens/manage-tokens'
import { unknownScopeProblems } from '../../../domain/access/catalogue'

/** The only place a rostering token is issued: `/api/v1/roster` accepts no other. */
export default defineAppRoute({
  summary: 'Issue a rostering token', tag: 'API tokens', capability: 'tokens.manage', rateLimit: 30, stepUp: true, status: 201,
  body: tokenIssueSchema, bodyChecks: unknownScopeProblems, response: issuedTokenSchema
}, ctx => issueToken(ctx, { ...ctx.body, issuedVia: 'rostering' }))
