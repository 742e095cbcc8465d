import { defineSignInRoute } from '../../../utils/sign-in-route'
import { signInAs } from '../../../utils/sign-in'
import { signInLinkSchema } from '../../../../shared/schemas/sign-in'
import { consumeSignInLink } from '../../../domain/accounts/sign-in-links'

export default defineSignInRoute({ summary: 'Sign in with a one-time link, to register a first passkey', perAddressPerMinute: 20, body: signInLinkSchema },
  async ({ event, database, body }) => signInAs(event, database, await consumeSignInLink(database, body.token), 'link'))
