import { passkeySignInOptionsSchema } from '../../../../../shared/schemas/sign-in'
import { passkeySignInOptions } from '../../../../domain/staff/passkeys'

export default defineSignInRoute({ summary: 'Options for signing in with a passkey', perAddressPerMinute: 30, body: passkeySignInOptionsSchema },
  ({ database, body }) => passkeySignInOptions(database, relyingParty(), body.email))
