import { defineAppRoute } from '../../../utils/app-route'
import { staffSessionOf, clearSessionCookie } from '../../../utils/app-session'
import { signedOutSchema } from '../../../../shared/schemas/sign-in'
import { endSession } from '../../../domain/staff/sessions'

export default defineAppRoute({
  summary: 'Sign out: end this session', tag: 'Sign-in', rateLimit: 30, beforePasskey: true,
  response: signedOutSchema
}, async (ctx) => {
  await endSession(ctx.database, staffSessionOf(ctx.event).session.id)
  clearSessionCookie(ctx.event)
  return { signedOut: true as const, sessionsEnded: 1 }
})
