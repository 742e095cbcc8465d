import { defineSignInRoute } from '../../../../utils/sign-in-route'
import { relyingParty } from '../../../../utils/public-url'
import { passkeySignInOptionsSchema } from '../../../../../shared/schemas/sign-in'
import { passkeySignInOptions } from '../../../../domain/accounts/passkey-proof'

/** The same options for everyone: no address, no credential ids (docs/security.md, section 7). */
export default defineSignInRoute({ summary: 'Options for signing in with a passkey', perAddressPerMinute: 30, body: passkeySignInOptionsSchema },
  ({ database }) => passkeySignInOptions(database, relyingParty()))
