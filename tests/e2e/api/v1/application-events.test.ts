import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { affiliations, applications, exitReasons } from '../../../../db/schema'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { offerApplication } from '../../../../server/domain/admissions/office-steps'
import { addDays } from '../../../../server/domain/days/calendar'
import { todayInZone } from '../../../../server/domain/days/clock'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { acceptedApplication, applicationBody, eventKinds } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

describe('POST /api/v1/applications/{id}/events', () => {
  let school: TestSchool
  let today: string
  const sendEvent = async (applicationId: string, body: unknown, headers: Record<string, string> = {}) =>
    callApi(`/api/v1/applications/${applicationId}/events`, { token: await school.token(['application.write']), body, headers })
  const applicationRow = async (id: string) => (await school.database.db.select().from(applications).where(eq(applications.id, id)))[0]!

  beforeAll(async () => {
    school = await newSchool({ timeZone: 'Pacific/Auckland' })
    today = todayInZone('Pacific/Auckland')
  })

  it('refuses a start before an accepted offer with unprocessable naming the missing step', async () => {
    const submitted = await submitApplication(school.context, applicationBody())
    const noOffer = expectEnvelope(await sendEvent(submitted.id, { kind: 'started', occurredOn: today }), 422, 'unprocessable')
    expect(noOffer.detail.join(' ')).toMatch(/offer/)
    await offerApplication(school.context, submitted.id)
    const notAccepted = expectEnvelope(await sendEvent(submitted.id, { kind: 'started', occurredOn: today }), 422, 'unprocessable')
    expect(notAccepted.detail.join(' ')).toMatch(/acceptance/)
    expect((await applicationRow(submitted.id)).state).toBe('offered')
  })

  it('starts the child of an accepted offer on the roll from occurredOn, at the year level and load sent', async () => {
    const application = await acceptedApplication(school)
    const answer = await sendEvent(application.id, { kind: 'started', occurredOn: today, placement: { yearLevel: '2', load: 0.5 } })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ id: expect.stringMatching(/^evt_/), personId: application.studentId, kind: 'started', occurredOn: today })
    const row = await applicationRow(application.id)
    expect(row).toMatchObject({ state: 'started', startsOn: today, yearLevel: '2', loadBasisPoints: 5000 })
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.id, row.affiliationId!))
    expect(span).toMatchObject({ personId: application.studentId, kind: 'student', validFrom: today, validTo: null, yearLevel: '2' })
    expect(await eventKinds(school, application.id)).toEqual(['application.created', 'application.updated', 'application.updated', 'application.updated'])
    expect(await eventKinds(school, span!.id)).toEqual(['affiliation.created'])
  })

  it('answers a second start without the same key with conflict, and replays one with the same key', async () => {
    const application = await acceptedApplication(school)
    const token = await school.token(['application.write'])
    const body = { kind: 'started', occurredOn: today }
    const headers = { 'idempotency-key': `start-${application.id}` }
    const first = await callApi(`/api/v1/applications/${application.id}/events`, { token, body, headers })
    const replay = await callApi(`/api/v1/applications/${application.id}/events`, { token, body, headers })
    expect(first.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expectEnvelope(await callApi(`/api/v1/applications/${application.id}/events`, { token, body }), 409, 'conflict')
  })

  it('withdraws a started child: the span ends on occurredOn and the open roll leaves them out from the next day', async () => {
    const application = await acceptedApplication(school)
    const yesterday = addDays(today, -1)
    const weekAgo = addDays(today, -7)
    expect((await sendEvent(application.id, { kind: 'started', occurredOn: weekAgo })).status).toBe(201)
    const reader = await school.token(['affiliation.read'])
    const onRoll = async () =>
      (await callApi('/api/v1/affiliations?state=open&kind=student&limit=1000', { token: reader })).body.items.map((a: any) => a.personId)
    expect(await onRoll()).toContain(application.studentId)

    const answer = await sendEvent(application.id, { kind: 'withdrawn', occurredOn: yesterday, reason: 'relocation' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ kind: 'withdrawn', occurredOn: yesterday, personId: application.studentId })
    const row = await applicationRow(application.id)
    expect(row.state).toBe('left')
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.id, row.affiliationId!))
    expect(span!.validTo).toBe(yesterday)
    expect((await school.database.db.select().from(exitReasons).where(eq(exitReasons.affiliationId, span!.id)))[0]!.reason).toBe('relocation')
    expect(await onRoll()).not.toContain(application.studentId)
    expect(await eventKinds(school, span!.id)).toEqual(['affiliation.created', 'affiliation.updated'])
  })

  it('closes an application that never started as withdrawn, and refuses a second withdrawal', async () => {
    const application = await submitApplication(school.context, applicationBody())
    expect((await sendEvent(application.id, { kind: 'withdrawn', occurredOn: today, reason: 'another_school' })).status).toBe(201)
    expect((await applicationRow(application.id)).state).toBe('withdrawn')
    expectEnvelope(await sendEvent(application.id, { kind: 'withdrawn', occurredOn: today, reason: 'another_school' }), 422, 'unprocessable')
    expectEnvelope(await sendEvent(application.id, { kind: 'started', occurredOn: today }), 422, 'unprocessable')
  })

  it('validates the event: a reason from the school\'s list, a known kind, a load in (0, 1]', async () => {
    const application = await acceptedApplication(school)
    expect(fieldPaths(await sendEvent(application.id, { kind: 'withdrawn', occurredOn: today, reason: 'boredom' }))).toEqual(['reason'])
    expect(fieldPaths(await sendEvent(application.id, { kind: 'withdrawn', occurredOn: today }))).toEqual(['reason'])
    expect(fieldPaths(await sendEvent(application.id, { kind: 'paused', occurredOn: today }))).toEqual(['kind'])
    expect(fieldPaths(await sendEvent(application.id, { kind: 'started', occurredOn: today, placement: { load: 1.5, yearLevel: '13' } })))
      .toEqual(['placement.load', 'placement.yearLevel'])
    expectEnvelope(await sendEvent('apl_nosuchapplication', { kind: 'started', occurredOn: today }), 404, 'not_found')
  })
})

describe('starting at a school with several campuses', () => {
  let school: TestSchool

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South', sisCode: 'S1' }] })
  })

  it('needs the campus, unless the offer named it', async () => {
    const token = await school.token(['application.write'])
    const occurredOn = todayInZone(school.school.timeZone)
    const application = await acceptedApplication(school)
    const missing = await callApi(`/api/v1/applications/${application.id}/events`, { token, body: { kind: 'started', occurredOn } })
    expect(fieldPaths(missing)).toEqual(['placement.campus'])
    const unknown = await callApi(
      `/api/v1/applications/${application.id}/events`, { token, body: { kind: 'started', occurredOn, placement: { campus: 'East' } } }
    )
    expect(fieldPaths(unknown)).toEqual(['placement.campus'])
    expect(
      (await callApi(`/api/v1/applications/${application.id}/events`, { token, body: { kind: 'started', occurredOn, placement: { campus: 'South' } } })).status
    ).toBe(201)

    const offeredAtNorth = await acceptedApplication(school, applicationBody(), { campus: 'North' })
    expect((await callApi(`/api/v1/applications/${offeredAtNorth.id}/events`, { token, body: { kind: 'started', occurredOn } })).status).toBe(201)
  })
})
