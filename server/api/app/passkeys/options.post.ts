import { defineAppRoute } from '../../../utils/app-route'
import { relyingParty } from '../../../utils/public-url'
import { passkeyChangeRequestOf } from '../../../utils/app-session'
import { z } from 'zod'
import { webauthnOptionsSchema } from '../../../../shared/schemas/sign-in'
import { passkeyRegistrationOptions } from '../../../domain/accounts/passkeys'

export default defineAppRoute({
  summary: 'Options for registering a passkey', tag: 'Passkeys', rateLimit: 30, beforePasskey: true,
  body: z.strictObject({}), response: webauthnOptionsSchema
}, async ctx => ({ ...await passkeyRegistrationOptions(ctx, relyingParty(), passkeyChangeRequestOf(ctx.event)) }))
