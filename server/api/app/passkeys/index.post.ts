import { defineAppRoute } from '../../../utils/app-route'
import { relyingParty } from '../../../utils/public-url'
import { passkeyChangeRequestOf } from '../../../utils/app-session'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { passkeyRegisterSchema, passkeySchema } from '../../../../shared/schemas/sign-in'
import { registerPasskey } from '../../../domain/accounts/passkeys'

export default defineAppRoute({
  summary: 'Register a passkey', tag: 'Passkeys', rateLimit: 30, beforePasskey: true, status: 201,
  body: passkeyRegisterSchema, response: passkeySchema
}, ctx => registerPasskey(ctx, relyingParty(), ctx.body.response as unknown as RegistrationResponseJSON, ctx.body.name, passkeyChangeRequestOf(ctx.event)))
