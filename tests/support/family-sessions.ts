import { inviteFamilyMember } from '../../server/domain/portal/family-access'
import { startSession, type SessionMethod } from '../../server/domain/accounts/sessions'
import type { newSchool } from './schools'
import { uniqueEmail } from './staff-sessions'

type TestSchool = Awaited<ReturnType<typeof newSchool>>

/**
 * An adult on file given family access (at a fresh address unless said) with a session, and the Cookie
 * header that carries it, for portal tests that are not about signing in.
 */
export async function familySession(school: Pick<TestSchool, 'id' | 'context' | 'database'>, adultId: string, options: { email?: string, method?: SessionMethod } = {}) {
  const email = options.email ?? uniqueEmail('family')
  const invited = await inviteFamilyMember(school.context, adultId, { email })
  const { secret, session } = await startSession(school.database, { id: invited.accountId, schoolId: school.id }, options.method ?? 'code')
  return { accountId: invited.accountId, email, signInLink: invited.signInLink, session, cookie: `rollbook_session=${secret}` }
}
