import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { applications, campuses, protectionFlags, tours } from '../../../db/schema'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { timestampNow, todayInZone } from '../../../server/domain/days/clock'
import { callApi } from '../../support/api'
import { newSchool } from '../../support/schools'
import type { TestSchool } from '../../support/roles-fixtures'

describe('the demo school\'s admissions', () => {
  let school: TestSchool

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Australia/Sydney', campuses: [{ name: 'Main', sisCode: 'MAIN' }] })
    await seedDemoSchool(school.context, { students: 60 })
  })

  it('has tours at each campus, one with a single place left, one full, one cancelled and one past', async () => {
    const rows = await school.database.db.select().from(tours).where(eq(tours.schoolId, school.id))
    const now = timestampNow()
    const open = rows.filter(t => !t.cancelledAt && t.startsAt > now)
    expect(open.some(t => t.capacity - t.booked === 1)).toBe(true)
    expect(open.some(t => t.capacity === t.booked)).toBe(true)
    expect(rows.some(t => t.cancelledAt)).toBe(true)
    expect(rows.some(t => t.startsAt < now)).toBe(true)
    expect(new Set(rows.map(t => t.campusId)).size).toBe(2)
    const listed = await callApi('/api/v1/tours', { token: await school.token(['tour.read']) })
    expect(listed.body.tours.every((t: any) => t.placesLeft > 0)).toBe(true)
  })

  it('has applications in every state, and a second campus without an SIS code', async () => {
    const states = new Set(
      (await school.database.db.select({ state: applications.state }).from(applications).where(eq(applications.schoolId, school.id))).map(r => r.state)
    )
    expect([...states].sort()).toEqual(['accepted', 'declined', 'left', 'offered', 'started', 'submitted', 'withdrawn'])
    const sites = await school.database.db.select().from(campuses).where(eq(campuses.schoolId, school.id))
    expect(sites.map(c => c.sisCode)).toEqual(expect.arrayContaining(['MAIN', null]))
  })

  it('has starters due next month, children waiting for an SIS code, and no protected child among them', async () => {
    const today = todayInZone('Australia/Sydney')
    const answer = await callApi('/api/v1/starters?limit=1000', { token: await school.token(['starter.read']) })
    expect(answer.status).toBe(200)
    const nextMonth = new Date(`${today.slice(0, 7)}-15T00:00:00Z`)
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1)
    expect(answer.body.items.filter((i: any) => i.startsOn.startsWith(nextMonth.toISOString().slice(0, 7))).length).toBeGreaterThanOrEqual(10)
    expect(answer.body.waiting.length).toBeGreaterThan(0)
    const flagged = await school.database.db.select({ personId: protectionFlags.personId }).from(protectionFlags)
      .where(and(eq(protectionFlags.schoolId, school.id), isNotNull(protectionFlags.personId)))
    const flaggedApplicants = await school.database.db.select({ studentId: applications.studentId }).from(applications)
      .where(eq(applications.schoolId, school.id))
    const protectedStarter = flagged.find(f => flaggedApplicants.some(a => a.studentId === f.personId))
    expect(protectedStarter).toBeDefined()
    expect(JSON.stringify(answer.body)).not.toContain(protectedStarter!.personId)
  })
})
