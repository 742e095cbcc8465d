import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>
interface ClassAnswered { recordClass: string, months: number, defaultMonths: number, reason: string | null, changedBy: string | null }

/*
 * Settings → Data retention through its routes (issue 42 point 1): an administrator reads the schedule and sets a class's
 * period with a recent passkey proof; a floor refused beside `months`, a shorter period without a reason beside `reason`;
 * hostile bodies answered in the envelope; the office, without `retention.manage`, refused by name; another school untouched.
 */
describe('the retention schedule over /api/app', () => {
  let school: School
  let other: School
  let admin: string
  const put = (recordClass: string, body: unknown, cookie = admin) =>
    callApi(`/api/app/retention/schedule/${recordClass}`, { method: 'PUT', body, headers: { cookie } })
  const schedule = async (cookie = admin) => (await callApi('/api/app/retention/schedule', { headers: { cookie } })).body.classes as ClassAnswered[]

  beforeAll(async () => {
    school = await newSchool({ name: 'Retention Routes School' })
    other = await newSchool({ name: 'Retention Routes Elsewhere' })
    admin = (await staffSession(school, 'admin')).cookie
  })

  it('answers the schedule to an administrator: thirteen classes, each at its default until the school chooses', async () => {
    const answer = await callApi('/api/app/retention/schedule', { headers: { cookie: admin } })
    expect(answer.status).toBe(200)
    expect(answer.body.classes).toHaveLength(13)
    expect(answer.body.classes[0]).toEqual({
      recordClass: 'enquiries', trigger: 'closed', defaultMonths: 12, floorMonths: 1, mayShorten: true, months: 12,
      source: 'IRMS Information Management Toolkit for Schools (2019)', evidence: 'unverified', changedBy: null, changedAt: null, reason: null
    })
  })

  it('refuses both routes without a session, and to the office, whose role lacks retention.manage, naming it', async () => {
    expectEnvelope(await callApi('/api/app/retention/schedule'), 401, 'unauthenticated')
    const office = (await staffSession(school, 'office')).cookie
    expect(expectEnvelope(await callApi('/api/app/retention/schedule', { headers: { cookie: office } }), 403, 'forbidden'))
      .toMatchObject({ missingScope: 'retention.manage' })
    expect(expectEnvelope(await put('messages', { months: 36 }, office), 403, 'forbidden')).toMatchObject({ missingScope: 'retention.manage' })
  })

  it('asks for a passkey proof within five minutes before a change, and changes nothing without it', async () => {
    const stale = (await staffSession(school, 'admin', { ago: 6 * 60_000 })).cookie
    expectEnvelope(await put('messages', { months: 36 }, stale), 403, 'step_up_required')
    expect((await schedule()).find(each => each.recordClass === 'messages')!.months).toBe(24)
  })

  it('lengthens a period and answers the class as saved, who set it included', async () => {
    const answer = await put('messages', { months: 36 })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ recordClass: 'messages', months: 36, defaultMonths: 24, reason: null })
    expect(answer.body.changedBy).toMatch(/@/)
    expect((await schedule()).find(each => each.recordClass === 'messages')!.months).toBe(36)
  })

  it('refuses a period under the floor as unprocessable, naming the floor beside months', async () => {
    const refused = expectEnvelope(await put('restricted_records', { months: 120, reason: 'Shorter.' }), 422, 'unprocessable')
    expect(refused.detail).toEqual(['The shortest period for restricted_records is its floor of 300 months.'])
    expect(refused.fields).toEqual([{ path: 'months', message: 'At least 300 months: this class\'s floor.' }])
  })

  it('shortens below the default only with a reason', async () => {
    const refused = expectEnvelope(await put('enquiries', { months: 6 }), 422, 'unprocessable')
    expect(refused.fields).toEqual([{ path: 'reason', message: 'Say why the period is shorter.' }])
    const answer = await put('enquiries', { months: 6, reason: 'Our enquiries are kept by the trust\'s own system.' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ months: 6, reason: 'Our enquiries are kept by the trust\'s own system.' })
  })

  it.each<[string, unknown, string[]]>([
    ['a negative period', { months: -12 }, ['months']],
    ['a fraction of a month', { months: 1.5 }, ['months']],
    ['a huge number', { months: 1e308 }, ['months']],
    ['months as text', { months: '12' }, ['months']],
    ['a control character in the reason', { months: 6, reason: 'Because\u0000' }, ['reason']],
    ['an unknown field', { months: 12, extra: true }, ['extra']],
    ['no months at all', { reason: 'Why not.' }, ['months']]
  ])('refuses %s in the envelope, beside its field', async (_, body, fields) => {
    const answer = await put('messages', body)
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(fields)
  })

  it('refuses a class the schedule does not know, and a reason with a direction-changing character', async () => {
    const unknown = await put('pizza', { months: 12 })
    expectEnvelope(unknown, 400, 'validation_failed')
    expect(fieldPaths(unknown)).toEqual(['recordClass'])
    expectEnvelope(await put('messages', { months: 6, reason: 'Why\u202e' }), 400, 'bad_request')
  })

  it('leaves another school\'s schedule at its defaults', async () => {
    const elsewhere = (await staffSession(other, 'admin')).cookie
    const classes = await schedule(elsewhere)
    expect(classes.every(each => each.months === each.defaultMonths && each.changedBy === null)).toBe(true)
  })
})
