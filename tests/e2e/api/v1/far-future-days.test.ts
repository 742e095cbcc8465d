import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { affiliations } from '../../../../db/schema'
import { closeAffiliation } from '../../../../server/domain/affiliations/close-affiliation'
import { openAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { acceptedApplication, applicationBody } from '../../../support/admissions-fixtures'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import type { TestSchool } from '../../../support/roles-fixtures'

/** The same day a year on, in the school's zone: the furthest a start, withdrawal or leaving day may be. */
const aYearOn = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`.replace(/-02-29$/, '-02-28')

describe('a start, withdrawal or leaving day more than a year ahead', () => {
  let school: TestSchool
  let today: string
  let token: string
  let serial = 0
  const enrolment = (startsOn: string) => ({
    student: { familyName: `Far${++serial}`, givenNames: 'Tama', dateOfBirth: '2016-09-30' },
    carers: [{ familyName: `Far${serial}`, givenNames: 'Pita', email: `far.${serial}.${Date.now()}@example.org`, relationship: 'father' }],
    yearLevel: '4', startsOn
  })
  const event = (id: string, body: unknown) => callApi(`/api/v1/applications/${id}/events`, { token, body })

  beforeAll(async () => {
    // Kiritimati is fourteen hours ahead of UTC: "today" and "a year on" are the school's, not the server's.
    school = await newSchool({ timeZone: 'Pacific/Kiritimati' })
    today = todayInZone('Pacific/Kiritimati')
    token = await school.token(['application.write'])
  })

  it('enrols from a year ahead, and refuses a day later with unprocessable, writing nothing', async () => {
    expect((await callApi('/api/v1/enrolments', { token, body: enrolment(aYearOn(today)) })).status).toBe(201)
    const data = expectEnvelope(await callApi('/api/v1/enrolments', { token, body: enrolment(addDays(aYearOn(today), 1)) }), 422, 'unprocessable')
    expect(data.detail.join(' ')).toContain(`at most ${aYearOn(today)}`)
    expectEnvelope(await callApi('/api/v1/enrolments', { token, body: enrolment('2062-02-01') }), 422, 'unprocessable')
  })

  it('refuses a start more than a year ahead on an accepted application', async () => {
    const application = await acceptedApplication(school, applicationBody())
    expectEnvelope(await event(application.id, { kind: 'started', occurredOn: addDays(aYearOn(today), 1) }), 422, 'unprocessable')
    expect((await event(application.id, { kind: 'started', occurredOn: today })).status).toBe(201)
  })

  it('refuses a withdrawal more than a year ahead, before and after the child started', async () => {
    const submitted = await submitApplication(school.context, applicationBody())
    expectEnvelope(await event(submitted.id, { kind: 'withdrawn', occurredOn: '2062-01-31', reason: 'relocation' }), 422, 'unprocessable')
    const started = await acceptedApplication(school, applicationBody())
    expect((await event(started.id, { kind: 'started', occurredOn: today })).status).toBe(201)
    expectEnvelope(await event(started.id, { kind: 'withdrawn', occurredOn: addDays(aYearOn(today), 1), reason: 'relocation' }), 422, 'unprocessable')
    expect((await event(started.id, { kind: 'withdrawn', occurredOn: addDays(today, 30), reason: 'relocation' })).status).toBe(201)
  })

  it('refuses a student\'s leaving day more than a year ahead, but lets a staff contract end years on', async () => {
    const application = await acceptedApplication(school, applicationBody())
    expect((await event(application.id, { kind: 'started', occurredOn: today })).status).toBe(201)
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, application.studentId))
    await expect(closeAffiliation(school.context, span!.id, { lastDay: addDays(aYearOn(today), 1) })).rejects.toMatchObject({ code: 'unprocessable' })
    await closeAffiliation(school.context, span!.id, { lastDay: aYearOn(today) })
    const staffSpan = await openAffiliation(school.context, { personId: application.studentId, kind: 'staff_member', validFrom: today })
    await closeAffiliation(school.context, staffSpan, { lastDay: addDays(today, 3 * 365) })
  })
})
