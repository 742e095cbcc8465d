import { defineAppRoute } from '../../../utils/app-route'
import { setSessionCookie } from '../../../utils/app-session'
import { schoolSwitchedSchema, switchSchoolSchema } from '../../../../shared/schemas/sign-in'
import { switchSessionSchool } from '../../../domain/accounts/account-schools'

/**
 * Moves this session to another school where the account has live staff access (docs/several-schools.md);
 * every later answer is that school's. Open before a passkey: the school switched to applies its own policy.
 */
export default defineAppRoute({
  summary: 'Switch this session to another of your schools', tag: 'Sign-in', rateLimit: 30, beforePasskey: true,
  body: switchSchoolSchema, response: schoolSwitchedSchema
}, async (ctx) => {
  const { secret, school } = await switchSessionSchool(ctx, ctx.body.schoolId)
  if (secret) setSessionCookie(ctx.event, secret)
  return { school }
})
