import { defineSignInFormRoute, setSignInFormCookie, signInPageAddress } from '../../utils/sign-in-form-route'
import { signInLimits } from '../../utils/sign-in-route'
import { codeRequestSchema } from '../../../shared/schemas/sign-in'
import { signInFormCookies } from '../../../shared/sign-in-form'
import { requestSignInCode } from '../../domain/accounts/sign-in-codes'

/** The sign-in form's first step without script: as POST /api/app/session/code, then the page asks for the code. */
export default defineSignInFormRoute({ countedAs: '/api/app/session/code', perAddressPerMinute: signInLimits.codeRequest, body: codeRequestSchema },
  async ({ event, database, client, body, next }) => {
    await requestSignInCode(database, body.email, client)
    setSignInFormCookie(event, signInFormCookies.sentTo, body.email)
    return signInPageAddress(next)
  })
