import { beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../../../server/domain/days/calendar'
import { todayInZone } from '../../../../server/domain/days/clock'
import { recordChildContacts } from '../../../../server/domain/data-checks/record-child-care'
import { addCalendarMonths } from '../../../../server/domain/subject-access/deadline'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>
interface Item { id: string, itemKind: string, recordId: string, decision: string | null }

/*
 * Subject access through its routes (issue 42 point 4): an administrator logs a mother's request for her daughter's data,
 * sees the clock, assembles the answer with a recent passkey, redacts the grandmother among the emergency contacts,
 * withholds the neighbour with the exemption, and sends it to the mother's portal; the mother downloads it, the father
 * cannot. The office, without subject_access.manage, is refused by name; another school finds the request unknown; bad
 * and hostile bodies are answered in the envelope with data.fields.
 */
describe('subject access over /api/app', () => {
  let school: School
  let other: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let admin: string
  let today: string
  let requestId: string
  const grandmother = { name: 'Ruiha Grandmother', phone: '+61 400 111 222' }
  const neighbour = { name: 'Pita Neighbour', phone: '+61 400 333 444' }
  const post = (path: string, body: unknown, cookie = admin) => callApi(path, { method: 'POST', body, headers: { cookie } })

  beforeAll(async () => {
    school = await newSchool({ name: 'Subject Access Routes School' })
    other = await newSchool({ name: 'Subject Access Routes Elsewhere' })
    families = await seedPortalFamilies(school)
    await recordChildContacts(school.context, families.aroha, { emergencyContacts: [grandmother], collectors: [neighbour] })
    admin = (await staffSession(school, 'admin')).cookie
    today = todayInZone(school.school.timeZone)
  })

  it('logs a request and answers it with its clock: a calendar month from the day received', async () => {
    const receivedOn = addDays(today, -2)
    const answer = await post('/api/app/subject-access', {
      kind: 'access', subjectId: families.aroha, requesterId: families.mother, receivedOn, verifiedHow: 'Passport seen at the office'
    })
    expect(answer.status).toBe(201)
    requestId = answer.body.id
    expect(requestId).toMatch(/^sar_/)
    expect(answer.body).toMatchObject({
      state: 'open', subject: { id: families.aroha, name: 'Aroha Ngata' }, clock: { deadline: addCalendarMonths(receivedOn, 1), extensionMonths: 0 }
    })
  })

  it('refuses every route without a session, and to the office, whose role lacks subject_access.manage, naming it', async () => {
    expectEnvelope(await callApi('/api/app/subject-access'), 401, 'unauthenticated')
    const office = (await staffSession(school, 'office')).cookie
    for (const answer of [
      await callApi('/api/app/subject-access', { headers: { cookie: office } }),
      await callApi(`/api/app/subject-access/${requestId}`, { headers: { cookie: office } }),
      await post('/api/app/subject-access', { kind: 'access' }, office),
      await post(`/api/app/subject-access/${requestId}/send`, { channel: 'portal' }, office)
    ]) expect(expectEnvelope(answer, 403, 'forbidden')).toMatchObject({ missingScope: 'subject_access.manage' })
  })

  it('finds the request not found from another school, exactly as a missing one', async () => {
    const elsewhere = (await staffSession(other, 'admin')).cookie
    const across = expectEnvelope(await callApi(`/api/app/subject-access/${requestId}`, { headers: { cookie: elsewhere } }), 404, 'not_found')
    const missing = expectEnvelope(await callApi('/api/app/subject-access/sar_missing', { headers: { cookie: admin } }), 404, 'not_found')
    expect(across.detail).toEqual(missing.detail)
    expect((await callApi('/api/app/subject-access', { headers: { cookie: elsewhere } })).body.items).toEqual([])
  })

  it.each<[string, unknown, string[]]>([
    ['no body fields', {}, ['kind', 'subjectId', 'receivedOn', 'verifiedHow']],
    ['a kind not in the list', { kind: 'delete', subjectId: 'per_x', requesterDescription: 'A', receivedOn: '2026-01-01', verifiedHow: 'A' }, ['kind']],
    ['a day that is not one', { kind: 'access', subjectId: 'per_x', requesterDescription: 'A', receivedOn: '2026-02-30', verifiedHow: 'A' }, ['receivedOn']],
    ['a control character', { kind: 'access', subjectId: 'per_x', requesterDescription: 'A\u0000', receivedOn: '2026-01-01', verifiedHow: 'A' },
      ['requesterDescription']],
    ['a huge string', { kind: 'access', subjectId: 'per_x', requesterDescription: 'A', receivedOn: '2026-01-01', verifiedHow: 'x'.repeat(200_000) },
      ['verifiedHow']],
    ['an unknown field', { kind: 'access', subjectId: 'per_x', requesterDescription: 'A', receivedOn: '2026-01-01', verifiedHow: 'A', extra: 1 }, ['extra']]
  ])('answers %s with validation_failed naming the fields', async (_, body, paths) => {
    const answer = await post('/api/app/subject-access', body)
    expect(answer.status).toBe(400)
    expect(fieldPaths(answer)).toEqual(expect.arrayContaining(paths))
  })

  it('refuses an extension past two months beside months, and extends by two with the reason', async () => {
    const refused = expectEnvelope(await post(`/api/app/subject-access/${requestId}/extend`, { months: 3, reason: 'Long.' }), 400, 'validation_failed')
    expect(refused.fields!.map(field => field.path)).toEqual(['months'])
    const extended = await post(`/api/app/subject-access/${requestId}/extend`, { months: 2, reason: 'Records on two sites.' })
    expect(extended.body.clock).toMatchObject({ deadline: addCalendarMonths(addDays(today, -2), 3), extensionMonths: 2 })
  })

  it('assembles the answer with a recent passkey, and sends nothing while an item is undecided', async () => {
    const stale = (await staffSession(school, 'admin', { ago: 6 * 60_000 })).cookie
    expectEnvelope(await post(`/api/app/subject-access/${requestId}/assemble`, {}, stale), 403, 'step_up_required')
    const assembled = await post(`/api/app/subject-access/${requestId}/assemble`, {})
    expect(assembled.status).toBe(200)
    expect(assembled.body.items.map((item: Item) => item.itemKind)).toEqual(['child_contact', 'child_contact'])
    const refused = expectEnvelope(await post(`/api/app/subject-access/${requestId}/send`, { channel: 'portal' }), 409, 'conflict')
    expect(refused.detail).toEqual(['2 items are still undecided.'])
  })

  it('redacts one third party and withholds the other with its exemption, a reason asked for beside its field', async () => {
    const { items } = (await callApi(`/api/app/subject-access/${requestId}`, { headers: { cookie: admin } })).body as { items: Item[] }
    const put = (item: Item, body: unknown) =>
      callApi(`/api/app/subject-access/${requestId}/items/${item.id}`, { method: 'PUT', body, headers: { cookie: admin } })
    const refused = await put(items[0]!, { decision: 'withhold' })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(fieldPaths(refused)).toEqual(['reason'])
    expect((await put(items[0]!, { decision: 'redact', reason: 'A third party\'s details.' })).status).toBe(200)
    const decided = await put(items[1]!, { decision: 'withhold', reason: 'Serious harm exemption.' })
    expect(decided.body.items.map((item: Item) => item.decision)).toEqual(['redact', 'withhold'])
  })

  it('sends the answer to the mother\'s portal: she downloads it, the father and the office\'s other families cannot', async () => {
    const sent = await post(`/api/app/subject-access/${requestId}/send`, { channel: 'portal' })
    expect(sent.body).toMatchObject({ state: 'done', channel: 'portal' })
    const mother = (await familySession(school, families.mother)).cookie
    const father = (await familySession(school, families.father)).cookie
    const listed = await callApi('/api/app/portal/data', { headers: { cookie: mother } })
    expect(listed.body.answers).toEqual([expect.objectContaining({ id: requestId, kind: 'access' })])
    const file = await callApi(`/api/app/portal/data/answers/${requestId}`, { headers: { cookie: mother } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain(`rollbook-answer-${requestId}-`)
    const text = JSON.stringify(file.body)
    expect(text).toContain('Aroha')
    for (const hidden of [grandmother.name, grandmother.phone, neighbour.name, neighbour.phone, 'Serious harm']) expect(text).not.toContain(hidden)
    expect((await callApi('/api/app/portal/data', { headers: { cookie: father } })).body.answers).toEqual([])
    expectEnvelope(await callApi(`/api/app/portal/data/answers/${requestId}`, { headers: { cookie: father } }), 404, 'not_found')
  })

  it('gives the office its copy as a file, naming the withheld item\'s exemption', async () => {
    const file = await callApi(`/api/app/subject-access/${requestId}/answer`, { headers: { cookie: admin } })
    expect(file.status).toBe(200)
    expect(JSON.stringify(file.body)).toContain('Serious harm exemption.')
  })
})
