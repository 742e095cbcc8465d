import { defineAppRoute } from '../../../../utils/app-route'
import { relyingParty } from '../../../../utils/public-url'
import { z } from 'zod'
import { webauthnOptionsSchema } from '../../../../../shared/schemas/sign-in'
import { passkeyStepUpOptions } from '../../../../domain/accounts/passkey-proof'

export default defineAppRoute({
  summary: 'Options for a passkey proof of the signed-in account', tag: 'Sign-in', rateLimit: 30, beforePasskey: true,
  body: z.strictObject({}), response: webauthnOptionsSchema
}, async ctx => ({ ...await passkeyStepUpOptions(ctx, relyingParty()) }))
