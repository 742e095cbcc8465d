import { defineAppRoute } from '../../utils/app-route'
import { signInPolicySchema } from '../../../shared/schemas/staff-settings'
import { setSignInPolicy } from '../../domain/accounts/sign-in-policy'

export default defineAppRoute({
  summary: 'Change the school\'s sign-in policy', tag: 'Staff', capability: 'settings.manage', rateLimit: 30, stepUp: true,
  body: signInPolicySchema, response: signInPolicySchema
}, ctx => setSignInPolicy(ctx, ctx.body))
