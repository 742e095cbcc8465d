import { defineAppRoute } from '../../../utils/app-route'
import { clearSessionCookie } from '../../../utils/app-session'
import { signedOutSchema } from '../../../../shared/schemas/sign-in'
import { endCallerSession } from '../../../domain/accounts/sessions'

export default defineAppRoute({
  summary: 'Sign out: end this session', tag: 'Sign-in', rateLimit: 30, beforePasskey: true,
  response: signedOutSchema
}, async (ctx) => {
  await endCallerSession(ctx)
  clearSessionCookie(ctx.event)
  return { signedOut: true as const, sessionsEnded: 1 }
})
