import { defineSignInRoute, signInLimits } from '../../../../utils/sign-in-route'
import { signInAs } from '../../../../utils/sign-in'
import { codeVerifySchema } from '../../../../../shared/schemas/sign-in'
import { verifySignInCode } from '../../../../domain/accounts/sign-in-codes'

export default defineSignInRoute({ summary: 'Sign in with an emailed code', perAddressPerMinute: signInLimits.codeVerify, body: codeVerifySchema },
  async ({ event, database, client, body }) => signInAs(event, database, await verifySignInCode(database, body.email, client, body.code), 'code'))
