import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { billingResponsibilities, courtOrders, exitReasons, nameHistory, protectionFlags } from '../../../db/schema'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { callApi } from '../../support/api'
import { newSchool } from '../../support/schools'
import type { TestSchool } from '../../support/roles-fixtures'

describe('the demo school', () => {
  let school: TestSchool
  let summary: Awaited<ReturnType<typeof seedDemoSchool>>
  let token: string

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
    summary = await seedDemoSchool(school.context, { students: 120 })
    token = await school.token(['affiliation.read', 'person.read', 'billing.read'])
  })

  it('has ten years of alumni, including leavers on 31 December and 1 January', async () => {
    const alumni = (await callApi('/api/v1/alumni?limit=1000', { token })).body.items
    expect(alumni).toHaveLength(summary.alumni + summary.leavers)
    const years = new Set(alumni.map((item: any) => item.exitYear))
    expect(years.size).toBeGreaterThanOrEqual(10)
    // Sydney is ahead of UTC, so a last day of 1 January leaves at 13:00 UTC the day before, in the new year.
    expect(alumni.some((item: any) => item.leftAt.endsWith('-12-31T13:00:00.000Z'))).toBe(true)
    const newYearLeaver = alumni.find((item: any) => item.leftAt.endsWith('-12-31T13:00:00.000Z'))
    expect(newYearLeaver.exitYear).toBe(Number(newYearLeaver.leftAt.slice(0, 4)) + 1)
    expect(alumni.some((item: any) => item.leftAt.endsWith('-12-30T13:00:00.000Z'))).toBe(true)
  })

  it('has families paying by category, with concessions, a court order, a flag, exit reasons and a corrected name', async () => {
    expect(summary.splitBilling).toBeGreaterThan(0)
    expect(summary.concessions).toBeGreaterThan(0)
    const db = school.database.db
    const [tuition] = await db.select().from(billingResponsibilities)
      .where(and(eq(billingResponsibilities.schoolId, school.id), eq(billingResponsibilities.category, 'tuition'), isNotNull(billingResponsibilities.validTo)))
    expect(tuition).toBeDefined()
    const billing = (await callApi(`/api/v1/people/${tuition!.studentId}/billing`, { token })).body
    expect(new Set(billing.responsibilities.map((row: any) => row.category))).toEqual(new Set(['all', 'tuition', 'excursions']))
    expect((await db.select().from(courtOrders).where(eq(courtOrders.schoolId, school.id))).length).toBe(1)
    // One on a student, one on a child among the starters (seed-admissions-demo.ts).
    expect((await db.select().from(protectionFlags).where(eq(protectionFlags.schoolId, school.id))).length).toBe(2)
    expect((await db.select().from(exitReasons).where(eq(exitReasons.schoolId, school.id))).length).toBeGreaterThan(0)
    expect((await db.select().from(nameHistory).where(eq(nameHistory.schoolId, school.id))).length).toBe(2)
  })

  it('has a current roll at year levels, on the open spans', async () => {
    const open = (await callApi('/api/v1/affiliations?state=open&kind=student&limit=1000', { token })).body.items
    expect(open.length).toBeGreaterThanOrEqual(summary.students)
  })
})
