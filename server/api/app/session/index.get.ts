import { defineAppRoute } from '../../../utils/app-route'
import { staffSessionOf } from '../../../utils/app-session'
import { accessKindsOf } from '../../../domain/accounts/access-kinds'
import { sessionAnswerSchema } from '../../../../shared/schemas/sign-in'
import { listPasskeys } from '../../../domain/accounts/passkeys'
import { passkeysRequired } from '../../../domain/accounts/sign-in-policy'
import { schoolClock } from '../../../domain/schools/school-clock'
import { staffSchoolsOf } from '../../../domain/accounts/account-schools'

export default defineAppRoute({
  summary: 'The signed-in member of staff and their school', tag: 'Sign-in', rateLimit: 120, beforePasskey: true,
  response: sessionAnswerSchema
}, async (ctx) => {
  const { account, session, staffRole } = staffSessionOf(ctx.event)
  return {
    account: { id: account.id, email: account.email, role: staffRole, capabilities: [...ctx.capabilities].sort() },
    access: await accessKindsOf(ctx.database, { id: account.id, schoolId: ctx.school.id }),
    school: { id: ctx.school.id, name: ctx.school.name },
    schools: await staffSchoolsOf(ctx.database.db, account.id),
    session: { method: session.method as 'passkey' | 'code' | 'link', passkeyAt: session.passkeyAt, expiresAt: session.expiresAt },
    passkeysRequired: await passkeysRequired(ctx),
    passkeyCount: (await listPasskeys(ctx)).length,
    schoolClock: schoolClock(ctx.school)
  }
})
