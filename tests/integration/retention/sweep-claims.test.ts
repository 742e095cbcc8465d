import { describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { retentionDue, taskNights } from '../../../db/schema'
import { sweepAllSchools } from '../../../server/domain/retention/nightly-sweep'
import { dayInZone } from '../../../server/domain/days/clock'
import { newSchool } from '../../support/schools'
import { seedRetentionSchool } from '../../support/retention-school'

/*
 * Issue 43 point 1 for the nightly sweep: every instance runs the schedule, and each school's night is a row claimed
 * under a lease (task_nights), so any number of instances sweep each school once, and a school whose instance died is
 * taken up by a later run once the lease has ended, not before.
 */
describe('the retention sweep on several instances', () => {
  const today = new Date().toISOString().slice(0, 10)
  const nightsOf = (school: Awaited<ReturnType<typeof newSchool>>) => school.database.db.select().from(taskNights)
    .where(and(eq(taskNights.task, 'retention:sweep'), eq(taskNights.schoolId, school.id)))

  it('three instances running it at once sweep each school once, and a later run that day sweeps none again', async () => {
    const schools = [await newSchool({ name: 'Claim One' }), await newSchool({ name: 'Claim Two' }), await newSchool({ name: 'Claim Three' })]
    for (const school of schools) await seedRetentionSchool(school, today)
    const schoolIds = schools.map(school => school.id)
    const runs = await Promise.all(['instance-a', 'instance-b', 'instance-c'].map(owner =>
      sweepAllSchools(schools[0]!.database, { owner, schoolIds })))
    expect(runs.flatMap(run => run.failed)).toEqual([])
    expect(runs.flatMap(run => run.swept.map(each => each.schoolId)).sort()).toEqual([...schoolIds].sort())
    for (const school of schools) {
      expect(await nightsOf(school)).toMatchObject([{ state: 'done', night: dayInZone(new Date(), school.school.timeZone), leaseOwner: null }])
      // Each school's due list was worked out: its people past their periods are listed.
      expect((await school.database.db.select().from(retentionDue)
        .where(and(eq(retentionDue.schoolId, school.id), inArray(retentionDue.subjectKind, ['person'])))).length).toBeGreaterThan(0)
    }
    const again = await sweepAllSchools(schools[0]!.database, { owner: 'instance-a', schoolIds })
    expect(again).toEqual({ swept: [], failed: [] })
  })

  it('leaves a school whose instance died to its lease, and a run after the lease has ended sweeps it', async () => {
    const school = await newSchool({ name: 'Claim Orphan' })
    await seedRetentionSchool(school, today)
    // Both runs in one day of the school's, whatever the hour the test runs at.
    const inOneDay = (at: Date) => dayInZone(at, school.school.timeZone) === dayInZone(new Date(at.getTime() + 11 * 60_000), school.school.timeZone)
    const now = inOneDay(new Date()) ? new Date() : new Date(Date.now() + 30 * 60_000)
    const night = dayInZone(now, school.school.timeZone)
    // What an instance killed mid-sweep leaves: the school's night claimed under its lease, ten minutes long.
    await school.database.transaction(tx => tx.insert(taskNights).values({
      id: `retention:sweep ${school.id} ${night}`, task: 'retention:sweep', schoolId: school.id, night, state: 'pending',
      leaseOwner: 'host:1:dead', leaseUntil: now.getTime() + 10 * 60_000, createdAt: now.toISOString()
    }))
    expect(await sweepAllSchools(school.database, { owner: 'survivor', schoolIds: [school.id], now })).toEqual({ swept: [], failed: [] })
    const later = await sweepAllSchools(school.database, { owner: 'survivor', schoolIds: [school.id], now: new Date(now.getTime() + 11 * 60_000) })
    expect(later.swept.map(each => each.schoolId)).toEqual([school.id])
    expect(await nightsOf(school)).toMatchObject([{ state: 'done', leaseOwner: null }])
  })
})
