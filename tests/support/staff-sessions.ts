import { randomUUID } from 'node:crypto'
import type { RoleName } from '../../server/domain/access/roles'
import { addStaffAccount } from '../../server/domain/staff/staff-access'
import { startSession, type SessionMethod } from '../../server/domain/accounts/sessions'
import { currentTime } from '../../server/domain/days/clock'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import { changePersonContact } from '../../server/domain/people/contact-details'
import type { newSchool } from './schools'

type TestSchool = Awaited<ReturnType<typeof newSchool>>

/** An address no other test uses: an address names one account in the whole database. */
export function uniqueEmail(name = 'staff'): string {
  return `${name}-${randomUUID().slice(0, 8)}@example.org`
}

/**
 * A member of staff of the school with a session made `ago` milliseconds ago (by passkey unless
 * said), and the Cookie header that carries it, for API tests that are not about signing in.
 */
export async function staffSession(
  school: Pick<TestSchool, 'id' | 'context' | 'database'>, role: RoleName, options: { method?: SessionMethod, ago?: number, email?: string } = {}
) {
  const member = await addStaffAccount(school.context, { email: options.email ?? uniqueEmail(role), role })
  const { secret, session } = await startSession(
    school.database, { id: member.id, schoolId: school.id }, options.method ?? 'passkey', new Date(currentTime().getTime() - (options.ago ?? 0))
  )
  return { member, session, cookie: `rollbook_session=${secret}` }
}

/**
 * Puts a staff affiliation and `email` on the person's record: what a member of staff's own record is, the
 * only person `personId` may name when they are added (a teacher who is also a parent).
 */
export async function ownStaffRecord(school: Pick<TestSchool, 'context'>, personId: string, email: string) {
  await writeChanges(
    school.context,
    (tx, changes) => insertAffiliation(tx, changes, school.context.school, { personId, kind: 'staff_member', validFrom: '2020-01-20' })
  )
  await changePersonContact(school.context, personId, { email })
}
