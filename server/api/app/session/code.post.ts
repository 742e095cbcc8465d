import { defineSignInRoute, signInLimits } from '../../../utils/sign-in-route'
import { codeRequestSchema } from '../../../../shared/schemas/sign-in'
import { requestSignInCode } from '../../../domain/accounts/sign-in-codes'

/** The same answer for every address, known or not; counted per address and client. */
export default defineSignInRoute({ summary: 'Email a six-digit sign-in code', perAddressPerMinute: signInLimits.codeRequest, body: codeRequestSchema },
  ({ database, client, body }) => requestSignInCode(database, body.email, client))
