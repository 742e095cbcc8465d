import { defineSignInFormRoute } from '../../utils/sign-in-form-route'
import { signInLimits } from '../../utils/sign-in-route'
import { signInAs } from '../../utils/sign-in'
import { codeVerifySchema } from '../../../shared/schemas/sign-in'
import { whereAfterSignIn } from '../../../shared/sign-in-form'
import { verifySignInCode } from '../../domain/accounts/sign-in-codes'

/** The sign-in form's second step without script: as POST /api/app/session/code/verify, then on to where the account goes. */
export default defineSignInFormRoute({ countedAs: '/api/app/session/code/verify', perAddressPerMinute: signInLimits.codeVerify, body: codeVerifySchema },
  async ({ event, database, client, body, next }) => {
    const account = await verifySignInCode(database, body.email, client, body.code)
    return whereAfterSignIn(await signInAs(event, database, account, 'code'), next)
  })
