import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { accounts, passkeys, staffAccess, staffSessions } from '../../../db/schema'
import { accessFor } from '../../../server/domain/access/access'
import { openingSchoolOf, staffSchoolsOf, switchSessionSchool } from '../../../server/domain/accounts/account-schools'
import { findLiveSession, hasRecentPasskeyProof, startSession } from '../../../server/domain/accounts/sessions'
import { newId } from '../../../server/domain/shared/ids'
import type { DomainContext } from '../../../server/domain/shared/context'
import type { DomainError } from '../../../server/domain/shared/domain-error'
import { systemContext } from '../../../server/domain/shared/context'
import { addStaffAccount, listStaff, removeStaffAccess } from '../../../server/domain/staff/staff-access'
import { grantStaffAccessElsewhere } from '../../../server/domain/staff/staff-access-elsewhere'
import { actorLabels } from '../../../server/domain/shared/actor-labels'
import { seedFamily } from '../../support/person-fixtures'
import { newSchool } from '../../support/schools'
import { ownStaffRecord, uniqueEmail } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * The rules of one account at several schools (docs/several-schools.md): only the operator joins an account
 * to another school, one school ending its access leaves the others', and a session moves only to a school
 * of live access, leaving its step-up proof and portal preview behind.
 */
describe('one account at several schools', () => {
  let alder: School
  let birch: School
  beforeAll(async () => {
    [alder, birch] = await Promise.all([newSchool({ name: 'Alder Integration' }), newSchool({ name: 'Birch Integration' })])
  })

  const refusal = (work: Promise<unknown>) => work.then(() => 'done', (thrown: DomainError) => thrown.code)
  const grant = (school: School, email: string, role = 'office') =>
    grantStaffAccessElsewhere(systemContext(school.database, school.school, 'cli'), { email, role })
  async function member(role = 'admin') {
    return addStaffAccount(alder.context, { email: uniqueEmail('district'), role })
  }
  async function staffContext(school: School, accountId: string, sessionId: string): Promise<DomainContext> {
    const access = await accessFor(school.database, school.school, { kind: 'staff', accountId, sessionId, role: 'admin' })
    return { database: school.database, school: school.school, ...access }
  }
  const liveAccess = (accountId: string) => alder.database.db.select({ schoolId: staffAccess.schoolId }).from(staffAccess)
    .where(and(eq(staffAccess.accountId, accountId), isNull(staffAccess.endedAt)))

  it('is joined to another school by the operator alone: not by a school\'s staff, nor for an unknown, home or already joined address', async () => {
    const joined = await member()
    const admin = await addStaffAccount(birch.context, { email: uniqueEmail('birch-admin'), role: 'admin' })
    const { session } = await startSession(birch.database, { id: admin.id, schoolId: birch.id }, 'passkey')
    const birchAdmin = await staffContext(birch, session.accountId, session.id)
    expect(await refusal(grantStaffAccessElsewhere(birchAdmin, { email: joined.email, role: 'office' }))).toBe('forbidden')
    expect(await refusal(addStaffAccount(birchAdmin, { email: joined.email, role: 'office' }))).toBe('conflict')
    expect(await refusal(grant(birch, uniqueEmail('nobody')))).toBe('not_found')
    expect(await refusal(grant(alder, joined.email))).toBe('conflict')
    expect(await refusal(grant(birch, joined.email, 'headteacher'))).toBe('unprocessable')
    const granted = await grant(birch, joined.email)
    expect(granted).toMatchObject({ id: joined.id, email: joined.email, role: 'office', personId: null })
    expect(await refusal(grant(birch, joined.email))).toBe('conflict')
    expect((await liveAccess(joined.id)).map(row => row.schoolId).sort()).toEqual([alder.id, birch.id].sort())
    expect((await staffSchoolsOf(alder.database.db, joined.id)).map(school => school.name)).toEqual(['Alder Integration', 'Birch Integration'])
  })

  it('keeps one live row per account and school in the database itself', async () => {
    const joined = await member()
    const row = { id: newId('sta'), schoolId: alder.id, accountId: joined.id, role: 'office', createdAt: new Date().toISOString(), endedAt: null }
    await expect(alder.database.transaction(tx => tx.insert(staffAccess).values(row))).rejects.toThrow()
    await alder.database.transaction(tx => tx.insert(staffAccess).values({ ...row, schoolId: birch.id }))
    expect(await liveAccess(joined.id)).toHaveLength(2)
  })

  it('shows another school no own record of a member from elsewhere, and names them in its Activity', async () => {
    const { mother } = await seedFamily(alder.context, { family: 'Ownrecord', child: 'Ira' })
    const email = uniqueEmail('own-record')
    await ownStaffRecord(alder, mother, email)
    const added = await addStaffAccount(alder.context, { email, role: 'teacher', personId: mother })
    await grant(birch, email, 'teacher')
    expect((await listStaff(alder.context)).find(row => row.id === added.id)?.personId).toBe(mother)
    expect((await listStaff(birch.context)).find(row => row.id === added.id)?.personId).toBeNull()
    const labels = await actorLabels(birch.database.db, birch.id, [`staff:${added.id}`])
    expect(labels.get(`staff:${added.id}`)).toBe(email)
  })

  it('loses one school\'s access, and its sessions there, when that school removes it; the account, its passkeys and other school stay', async () => {
    const joined = await member()
    await grant(birch, joined.email)
    await alder.database.transaction(tx => tx.insert(passkeys).values({
      id: newId('pky'), accountId: joined.id, credentialId: newId('pky'), publicKey: 'key', counter: 0, transports: '', name: 'Laptop',
      createdAt: new Date().toISOString()
    }))
    const atAlder = await startSession(alder.database, { id: joined.id, schoolId: alder.id }, 'passkey')
    const atBirch = await startSession(birch.database, { id: joined.id, schoolId: birch.id }, 'passkey')
    await removeStaffAccess(birch.context, joined.id)
    expect(await findLiveSession(birch.database, atBirch.secret)).toBeUndefined()
    expect(await findLiveSession(alder.database, atAlder.secret)).toMatchObject({ school: { id: alder.id }, staffRole: 'admin' })
    expect(await alder.database.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.accountId, joined.id))).toHaveLength(1)
    expect((await liveAccess(joined.id)).map(row => row.schoolId)).toEqual([alder.id])
    // Its home ends its access while another school still has it: the other school keeps it.
    const other = await member('office')
    await grant(birch, other.email)
    await removeStaffAccess(alder.context, other.id)
    const [kept] = await alder.database.db.select({ removedAt: accounts.removedAt }).from(accounts).where(eq(accounts.id, other.id))
    expect(kept!.removedAt).toBeNull()
    expect((await liveAccess(other.id)).map(row => row.schoolId)).toEqual([birch.id])
    // The last school to end it removes the account, as a single school always did.
    await removeStaffAccess(birch.context, other.id)
    const [removed] = await alder.database.db.select({ removedAt: accounts.removedAt }).from(accounts).where(eq(accounts.id, other.id))
    expect(removed!.removedAt).not.toBeNull()
  })

  it('opens the last chosen school while its access lives, else the home, else the first by name', async () => {
    const joined = await member()
    await grant(birch, joined.email)
    expect(await openingSchoolOf(alder.database, { id: joined.id, schoolId: alder.id })).toBe(alder.id)
    await startSession(birch.database, { id: joined.id, schoolId: birch.id }, 'code', new Date(Date.now() + 1000))
    expect(await openingSchoolOf(alder.database, { id: joined.id, schoolId: alder.id })).toBe(birch.id)
    await removeStaffAccess(birch.context, joined.id)
    expect(await openingSchoolOf(alder.database, { id: joined.id, schoolId: alder.id })).toBe(alder.id)
    const away = await member('office')
    await grant(birch, away.email)
    await removeStaffAccess(alder.context, away.id)
    expect(await openingSchoolOf(alder.database, { id: away.id, schoolId: alder.id })).toBe(birch.id)
  })

  it('moves a session only to a school of live access, dropping its step-up proof and its portal preview', async () => {
    const joined = await member()
    await grant(birch, joined.email)
    const { session } = await startSession(alder.database, { id: joined.id, schoolId: alder.id }, 'passkey')
    await alder.database.transaction(tx => tx.update(staffSessions).set({ previewPersonId: 'per_previewed' }).where(eq(staffSessions.id, session.id)))
    const ctx = await staffContext(alder, joined.id, session.id)
    const other = await newSchool({ name: 'Cedar Integration' })
    expect(await refusal(switchSessionSchool(ctx, other.id))).toBe('not_found')
    expect(await switchSessionSchool(ctx, alder.id)).toEqual({ secret: null, school: { id: alder.id, name: 'Alder Integration', role: 'admin' } })
    const { secret, school } = await switchSessionSchool(ctx, birch.id)
    expect(school).toEqual({ id: birch.id, name: 'Birch Integration', role: 'office' })
    const moved = await findLiveSession(alder.database, secret!)
    expect(moved).toMatchObject({ school: { id: birch.id }, staffRole: 'office', session: { previewPersonId: null } })
    expect(moved!.session.passkeyAt).not.toBeNull()
    expect(hasRecentPasskeyProof(moved!.session)).toBe(false)
    expect(hasRecentPasskeyProof({ passkeyAt: new Date(Date.now() + 1).toISOString(), schoolAt: moved!.session.schoolAt })).toBe(true)
  })
})
