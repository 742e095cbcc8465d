import { defineAppRoute } from '../../../utils/app-route'
import { setSessionCookie } from '../../../utils/app-session'
import { relyingParty } from '../../../utils/public-url'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { z } from 'zod'
import { passkeyAnswerSchema } from '../../../../shared/schemas/sign-in'
import { proveCallerPasskey } from '../../../domain/accounts/passkey-proof'
import { rotateSessionAfterPasskey } from '../../../domain/accounts/sessions'
import { timestampNow } from '../../../domain/days/clock'

/** A passkey proof: step-up routes are open for five minutes, and the session's cookie is renewed. */
export default defineAppRoute({
  summary: 'Prove the passkey again (step-up)', tag: 'Sign-in', rateLimit: 30, beforePasskey: true,
  body: passkeyAnswerSchema, response: z.object({ provedAt: z.string() })
}, async (ctx) => {
  await proveCallerPasskey(ctx, relyingParty(), ctx.body.response as unknown as AuthenticationResponseJSON)
  setSessionCookie(ctx.event, await rotateSessionAfterPasskey(ctx))
  return { provedAt: timestampNow() }
})
