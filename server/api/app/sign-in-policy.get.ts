import { defineAppRoute } from '../../utils/app-route'
import { signInPolicySchema } from '../../../shared/schemas/staff-settings'
import { readSignInPolicy } from '../../domain/accounts/sign-in-policy'

export default defineAppRoute({
  summary: 'The school\'s sign-in policy', tag: 'Staff', capability: 'settings.manage', rateLimit: 60, response: signInPolicySchema
}, ctx => readSignInPolicy(ctx))
