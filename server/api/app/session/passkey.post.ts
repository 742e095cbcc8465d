import { defineSignInRoute } from '../../../utils/sign-in-route'
import { signInAs } from '../../../utils/sign-in'
import { relyingParty } from '../../../utils/public-url'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { passkeyAnswerSchema } from '../../../../shared/schemas/sign-in'
import { verifyPasskey } from '../../../domain/accounts/passkey-proof'

export default defineSignInRoute({ summary: 'Sign in with a passkey', perAddressPerMinute: 30, body: passkeyAnswerSchema },
  async ({ event, database, body }) =>
    signInAs(event, database, await verifyPasskey(database, relyingParty(), body.response as unknown as AuthenticationResponseJSON), 'passkey'))
