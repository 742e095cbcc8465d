import { defineAppRoute } from '../../../utils/app-route'
import { staffSessionOf } from '../../../utils/app-session'
import { accessKindsOf } from '../../../domain/accounts/access-kinds'
import { sessionAnswerSchema } from '../../../../shared/schemas/sign-in'
import { listPasskeys } from '../../../domain/accounts/passkeys'
import { passkeysRequired } from '../../../domain/accounts/sign-in-policy'
import { schoolClock } from '../../../domain/schools/school-clock'

export default defineAppRoute({
  summary: 'The signed-in member of staff and their school', tag: 'Sign-in', rateLimit: 120, beforePasskey: true,
  response: sessionAnswerSchema
}, async (ctx) => {
  const { account, session, staffRole } = staffSessionOf(ctx.event)
  return {
    account: { id: account.id, email: account.email, role: staffRole, capabilities: [...ctx.capabilities].sort() },
    access: await accessKindsOf(ctx.database, account),
    school: { id: ctx.school.id, name: ctx.school.name },
    session: { method: session.method as 'passkey' | 'code' | 'link', passkeyAt: session.passkeyAt, expiresAt: session.expiresAt },
    passkeysRequired: await passkeysRequired(ctx),
    passkeyCount: (await listPasskeys(ctx)).length,
    schoolClock: schoolClock(ctx.school)
  }
})
