import { defineAppRoute } from '../../../utils/app-route'
import { clearSessionCookie } from '../../../utils/app-session'
import { signedOutSchema } from '../../../../shared/schemas/sign-in'
import { endOwnSessions } from '../../../domain/accounts/sessions'

export default defineAppRoute({
  summary: 'Sign out everywhere: end every session of this account', tag: 'Sign-in', rateLimit: 10, beforePasskey: true,
  response: signedOutSchema
}, async (ctx) => {
  const sessionsEnded = await endOwnSessions(ctx)
  clearSessionCookie(ctx.event)
  return { signedOut: true as const, sessionsEnded }
})
