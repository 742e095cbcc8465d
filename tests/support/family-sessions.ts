import { and, eq, isNull } from 'drizzle-orm'
import { accounts, familyAccess, people } from '../../db/schema'
import { inviteFamilyMember } from '../../server/domain/portal/family-access'
import { changePersonContact } from '../../server/domain/people/contact-details'
import { startSession, type SessionMethod } from '../../server/domain/accounts/sessions'
import type { newSchool } from './schools'
import { uniqueEmail } from './staff-sessions'

type TestSchool = Awaited<ReturnType<typeof newSchool>>

/**
 * An adult on file given family access with a session, and the Cookie header that carries it, for portal
 * tests that are not about signing in. The invitation goes to the record's address alone, so an address
 * given is put on the record first, as the office would; without one, the address of the access the adult
 * has, or the record's while no account has it (the fixtures' fixed addresses recur in every school a run
 * makes), else a fresh one.
 */
export async function familySession(
  school: Pick<TestSchool, 'id' | 'context' | 'database'>, adultId: string, options: { email?: string, method?: SessionMethod } = {}
) {
  const [person] = await school.database.db.select({ email: people.email }).from(people).where(eq(people.id, adultId))
  const [taken] = person?.email ? await school.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, person.email.toLowerCase())) : []
  const [own] = await school.database.db.select({ email: accounts.email }).from(familyAccess).innerJoin(accounts, eq(accounts.id, familyAccess.accountId))
    .where(and(eq(familyAccess.personId, adultId), isNull(familyAccess.endedAt)))
  const email = options.email ?? own?.email ?? (person?.email && !taken ? person.email : uniqueEmail('family'))
  if (person?.email !== email) await changePersonContact(school.context, adultId, { email })
  const invited = await inviteFamilyMember(school.context, adultId)
  const { secret, session } = await startSession(school.database, { id: invited.accountId, schoolId: school.id }, options.method ?? 'code')
  return { accountId: invited.accountId, email, signInLink: invited.signInLink, session, cookie: `rollbook_session=${secret}` }
}
