import { describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { staffAccess } from '../../../db/schema'
import { addStaffAccount, changeStaffRole, removeStaffAccess } from '../../../server/domain/staff/staff-access'
import { newSchool } from '../../support/schools'
import { uniqueEmail } from '../../support/staff-sessions'

/*
 * The school keeps at least one administrator (the review of issue 35): the check is made inside the
 * write, under the school's lock, so two administrators removing or demoting each other at once leave
 * one, on SQLite and PostgreSQL alike.
 */
describe('the last administrator, with two changes at once', () => {
  const twoAdministrators = async () => {
    const school = await newSchool({ name: 'Two Administrators School' })
    const first = await addStaffAccount(school.context, { email: uniqueEmail('admin-a'), role: 'admin' })
    const second = await addStaffAccount(school.context, { email: uniqueEmail('admin-b'), role: 'admin' })
    const administrators = async () => (await school.database.db.select({ id: staffAccess.accountId }).from(staffAccess)
      .where(and(eq(staffAccess.schoolId, school.id), eq(staffAccess.role, 'admin'), isNull(staffAccess.endedAt)))).map(row => row.id)
    return { school, first, second, administrators }
  }
  const oneRefused = (settled: PromiseSettledResult<unknown>[]) => {
    expect(settled.map(result => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((settled.find(result => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'unprocessable' })
  }

  it('two administrators removing each other at once: one is removed, the other is refused and stays', async () => {
    const { school, first, second, administrators } = await twoAdministrators()
    oneRefused(await Promise.allSettled([removeStaffAccess(school.context, first.id), removeStaffAccess(school.context, second.id)]))
    expect(await administrators()).toHaveLength(1)
  })

  it('two administrators demoting each other at once: one is demoted, the other is refused and stays', async () => {
    const { school, first, second, administrators } = await twoAdministrators()
    oneRefused(await Promise.allSettled([changeStaffRole(school.context, first.id, 'office'), changeStaffRole(school.context, second.id, 'office')]))
    expect(await administrators()).toHaveLength(1)
  })

  it('one removing while the other is demoted at once still leaves one administrator', async () => {
    const { school, first, second, administrators } = await twoAdministrators()
    oneRefused(await Promise.allSettled([removeStaffAccess(school.context, first.id), changeStaffRole(school.context, second.id, 'teacher')]))
    expect(await administrators()).toHaveLength(1)
  })
})
