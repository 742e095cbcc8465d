import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { accounts, familyAccess, staffAccess } from '../../../db/schema'
import { standingOf } from '../../../server/domain/access/standing'
import { seedDemoPortalFamilies, type DemoPortalFamilies } from '../../../server/domain/setup/demo/demo-portal-families'
import { todayInZone } from '../../../server/domain/days/clock'
import { standingPurposes } from '../../../shared/vocabulary'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>
const granted = (list: readonly string[]) => Object.fromEntries(standingPurposes.map(purpose => [purpose, list.includes(purpose)]))

describe('the demo school\'s portal families show every case of standing', () => {
  let school: School
  let families: DemoPortalFamilies
  let day: string
  beforeAll(async () => {
    school = await newSchool({ name: 'Demo portal' })
    families = await seedDemoPortalFamilies(school.context)
    day = todayInZone(school.school.timeZone)
  })
  const purposesOf = async (adult: string, child: string) => (await standingOf(school.context, adult, child, day)).purposes

  it('two parents share every purpose on both children', async () => {
    for (const adult of families.shared.adults) {
      for (const child of families.shared.children) expect(await purposesOf(adult, child)).toEqual(granted(standingPurposes))
    }
  })

  it('the separated parent is kept from details and contact; the resident parent is not', async () => {
    expect(await purposesOf(families.separated.restrained, families.separated.child))
      .toEqual(granted(standingPurposes.filter(p => p !== 'details' && p !== 'contact')))
    expect(await purposesOf(families.separated.resident, families.separated.child)).toEqual(granted(standingPurposes))
  })

  it('the protected child is seen by the safe adult alone', async () => {
    expect(await purposesOf(families.protectedChild.safe, families.protectedChild.child)).toEqual(granted(standingPurposes))
    expect(await purposesOf(families.protectedChild.other, families.protectedChild.child)).toEqual(granted([]))
  })

  it('the grandparent whose responsibility ended last month sees nothing; the parent everything', async () => {
    expect(await purposesOf(families.endedCarer.ended, families.endedCarer.child)).toEqual(granted([]))
    expect(await purposesOf(families.endedCarer.parent, families.endedCarer.child)).toEqual(granted(standingPurposes))
  })

  it('every adult has family access, and the teacher who is a parent has both on one account', async () => {
    const adults = [
      ...families.shared.adults, families.separated.resident, families.separated.restrained, families.protectedChild.safe,
      families.protectedChild.other, families.endedCarer.ended, families.endedCarer.parent, families.staffParent.adult
    ]
    const rows = await school.database.db.select().from(familyAccess).where(and(eq(familyAccess.schoolId, school.id), isNull(familyAccess.endedAt)))
    expect(rows.map(row => row.personId).sort()).toEqual([...adults].sort())
    const [teacher] = await school.database.db.select().from(accounts).where(eq(accounts.id, families.staffParent.accountId))
    expect(teacher).toMatchObject({ personId: families.staffParent.adult, removedAt: null })
    expect(await school.database.db.select({ role: staffAccess.role }).from(staffAccess)
      .where(and(eq(staffAccess.accountId, teacher!.id), isNull(staffAccess.endedAt)))).toEqual([{ role: 'teacher' }])
    expect(rows.find(row => row.personId === families.staffParent.adult)?.accountId).toBe(teacher!.id)
    expect(await purposesOf(families.staffParent.adult, families.staffParent.child)).toEqual(granted(standingPurposes))
  })
})
