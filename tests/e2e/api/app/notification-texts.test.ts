import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { notificationDeliveries, textOptOuts } from '../../../../db/schema'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { textSender } from '../../../../server/domain/notifications/texts'
import { callApi, type ApiRequest } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { startKannel, type Kannel } from '../../../support/kannel'
import { deliverDueNotices, eventually } from '../../../support/notification-queues'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 38, texts end to end: the school's Kannel (bearerbox, smsbox, fakesmsc) set on Settings →
 * Notifications; a message to a year reaches as texts the parents who chose them (and the one with no
 * email), read from the SMS centre; Kannel's delivery report marks a text delivered at the server's
 * address; a STOP reply typed at the handset turns texts off for that number, START on again.
 */
describe('texts to families through Kannel', () => {
  let school: School
  let kannel: Kannel
  let admin: string, office: string, anna: string
  const ids: Record<string, string> = {}
  const numbers = { anna: '+61400111001', ben: '+61400111002', cara: '+61400111003' }
  const schoolNumber = '+61400111000'
  const as = (cookie: string, path: string, request: ApiRequest = {}) => callApi(path, { ...request, headers: { cookie, ...request.headers } })
  const baseUrl = inject('baseUrl')
  const publicUrlBefore = process.env.PUBLIC_URL
  const deliveriesTo = (number: string) => school.database.db.select().from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.schoolId, school.id), eq(notificationDeliveries.target, number)))

  beforeAll(async () => {
    school = await newSchool({ name: 'Harbour School' })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Moana', givenNames: 'Tui', dateOfBirth: '2014-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '6', campusId: null })
      for (const [name, email] of [['anna', 'anna-texts@example.org'], ['ben', null], ['cara', 'cara-texts@example.org']] as const) {
        ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Moana', givenNames: name, email, phone: numbers[name] })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: ids[name]!, childId: child, relationship: 'parent',
          validFrom: '2015-01-01', validTo: null })
      }
    })
    ;[admin, office] = [(await staffSession(school, 'admin')).cookie, (await staffSession(school, 'office')).cookie]
    const settings = await as(admin, '/api/app/notifications/settings')
    expect(settings.status).toBe(200)
    const key = new URL(settings.body.incomingTextUrl).searchParams.get('key')
    kannel = await startKannel({ incomingUrl: `${baseUrl}/hooks/texts/incoming?key=${key}` })
    // Delivery reports go to the address the worker names, this test's server.
    process.env.PUBLIC_URL = baseUrl
    anna = (await familySession(school, ids.anna!)).cookie
  })
  afterAll(async () => {
    // Unset as it was: `process.env.X = undefined` would set the text "undefined", which the next file's CLI would read.
    if (publicUrlBefore === undefined) delete process.env.PUBLIC_URL
    else process.env.PUBLIC_URL = publicUrlBefore
    await kannel?.stop()
  })

  it('keeps the gateway\'s password out of every answer, and refuses a new gateway without one, naming the field', async () => {
    const gateway = { kind: 'kannel', sendsmsUrl: kannel.sendsmsUrl, username: kannel.username, from: schoolNumber, sendsPerSecond: 50 }
    const refused = await as(admin, '/api/app/notifications/settings', { method: 'PUT', body: { digestTime: '17:00', optionalKinds: ['school'],
      textGateway: gateway } })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(fieldPaths(refused)).toEqual(['textGateway.password'])
    const saved = await as(admin, '/api/app/notifications/settings', {
      method: 'PUT', body: { digestTime: '17:00', optionalKinds: ['school'], textGateway: { ...gateway, password: kannel.password } }
    })
    expect(saved.status).toBe(200)
    expect(saved.body.textGateway).toMatchObject({ kind: 'kannel', username: kannel.username, secretSet: true })
    expect(JSON.stringify(saved.body)).not.toContain(kannel.password)
    expect(JSON.stringify((await as(admin, '/api/app/notifications/settings')).body)).not.toContain(kannel.password)
    expectEnvelope(await as(office, '/api/app/notifications/settings'), 403, 'forbidden')
  })

  it('refuses a phone number not in E.164 for the test text, and sends one that is', async () => {
    const refused = await as(admin, '/api/app/notifications/test-text', { method: 'POST', body: { to: '0400 111 009' } })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(fieldPaths(refused)).toEqual(['to'])
    const sent = await as(admin, '/api/app/notifications/test-text', { method: 'POST', body: { to: '+61400111009' } })
    expect(sent.body).toEqual({ accepted: true, summary: null })
    await eventually(() => kannel.received().find(text => text.to === '+61400111009'), 'the test text at the SMS centre')
  })

  it('texts a message to the parents who chose texts and to the one without email, never to one who did not; a report marks it delivered', async () => {
    const chosen = await as(anna, '/api/app/portal/notifications', { method: 'PUT', body: { choices: [{ kind: 'school', channel: 'sms', mode: 'instant' }] } })
    expect(chosen.status).toBe(200)
    expect(chosen.body.kinds.find((kind: { kind: string }) => kind.kind === 'school')).toMatchObject({ email: 'instant', sms: 'instant' })
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: { subject: 'Swimming sports moved to Friday', body: 'Tui and friends…',
      audience: ['year:6'] } })
    expect(sent.status).toBe(201)
    expect(await deliverDueNotices(school.database, textSender(), { schoolIds: [school.id] })).toBe(2)
    const texts = await kannel.waitForReceived(3)
    const toParents = texts.filter(text => Object.values(numbers).includes(text.to))
    expect(toParents.map(text => text.to).sort()).toEqual([numbers.anna, numbers.ben])
    for (const text of toParents) {
      expect(text.text).toBe(`Harbour School: Swimming sports moved to Friday ${baseUrl}/family/messages/${sent.body.id}`)
      expect(text.text).not.toContain('Tui')
    }
    const delivered = await eventually(async () => {
      const [row] = await deliveriesTo(numbers.anna)
      return row?.status === 'delivered' ? row : undefined
    }, 'the delivery report for Anna\'s text')
    expect(delivered).toMatchObject({ channel: 'sms', attempts: 1, deliveredAt: expect.any(String) })
    const recipients = await as(office, `/api/app/messages/${sent.body.id}/recipients`)
    const channelsOf = (name: string) => recipients.body.items.find((item: { adult: { givenNames: string } }) => item.adult.givenNames === name).otherChannels
    expect(channelsOf('anna')).toEqual([{ channel: 'sms', status: 'delivered', lastError: null, deliveredAt: expect.any(String) }])
    expect(channelsOf('cara')).toEqual([])
  })

  it('counts the SMS parts of a message\'s text in each language before it is sent', async () => {
    const counted = await as(office, '/api/app/messages/text-length', {
      method: 'POST', body: { subject: 'Sports day moved', versions: [{ language: 'es', subject: 'Reunión de padres' }, { language: 'ar',
        subject: 'اجتماع الأهل'.repeat(6) }] }
    })
    expect(counted.status).toBe(200)
    expect(counted.body.texts).toEqual([
      { language: 'en', characters: expect.any(Number), encoding: 'gsm7', segments: 1 },
      { language: 'es', characters: expect.any(Number), encoding: 'ucs2', segments: 2 },
      { language: 'ar', characters: expect.any(Number), encoding: 'ucs2', segments: 3 }
    ])
    expectEnvelope(await as(office, '/api/app/messages/text-length', { method: 'POST', body: { subject: '' } }), 400, 'validation_failed')
  })

  it('turns texts off for a number that replies STOP, and on again with START; the office never changes it', async () => {
    kannel.injectIncoming(numbers.anna.slice(1), schoolNumber.slice(1), 'stop')
    await eventually(async () => (await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.number, numbers.anna))).length === 1, 'Anna\'s STOP')
    expect((await as(anna, '/api/app/portal/notifications')).body.channels.sms).toMatchObject({ number: numbers.anna, stopped: true })
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: { subject: 'Library closed', body: 'Closed Monday.', audience: ['year:6'] } })
    const queued = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.body.id))
    expect(queued.map(row => row.target)).toEqual([numbers.ben])
    expect(await deliverDueNotices(school.database, textSender(), { schoolIds: [school.id] })).toBe(1)

    kannel.injectIncoming(numbers.anna.slice(1), schoolNumber.slice(1), 'START')
    await eventually(async () => (await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.number, numbers.anna))).length === 0,
      'Anna\'s START')
    expect((await as(anna, '/api/app/portal/notifications')).body.channels.sms.stopped).toBe(false)
  })

  it('sends an emergency through its own route to every number, whatever each adult chose, ahead of the rest', async () => {
    const body = { subject: 'School closed today: flooding', body: 'Collect your children by noon.', audience: ['year:6'] }
    expectEnvelope(await as(office, '/api/app/messages/emergency', { method: 'POST', body }), 403, 'forbidden')
    const sent = await as((await staffSession(school, 'admin')).cookie, '/api/app/messages/emergency', { method: 'POST', body })
    expect(sent.status).toBe(201)
    expect((await as(office, `/api/app/messages/${sent.body.id}`)).body).toMatchObject({ emergency: true })
    const queued = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.body.id))
    expect(queued.map(row => [row.target, row.priority]).sort()).toEqual([[numbers.anna, 0], [numbers.ben, 0], [numbers.cara, 0]])
    const before = kannel.received().length
    expect(await deliverDueNotices(school.database, textSender(), { schoolIds: [school.id] })).toBe(3)
    const texts = (await kannel.waitForReceived(before + 3)).slice(before)
    const urgent = `URGENT, Harbour School: School closed today: flooding ${baseUrl}/family/messages/${sent.body.id}`
    expect(texts.map(text => text.text)).toEqual([urgent, urgent, urgent])
  })

  it('gives no more texts to a number whose last three failed, and shows it on the adult\'s record and in Today', async () => {
    const at = new Date().toISOString()
    await school.database.transaction(tx => tx.insert(notificationDeliveries).values([1, 2, 3].map(n => ({
      id: `ndl_failing${n}${process.pid}`, schoolId: school.id, messageId: null, adultId: ids.ben!, channel: 'sms' as const, target: numbers.ben,
      childIds: '[]',
      status: 'failed' as const, priority: 1, attempts: 8, nextAttemptAt: 0, lastError: 'kannel 503', createdAt: at
    }))))
    const record = await as(office, `/api/app/people/${ids.ben}/notifications`)
    expect(record.status).toBe(200)
    expect(record.body).toMatchObject({ textsFailing: true, emailBounced: false, numberInInternationalForm: true, channels: { sms: { number: numbers.ben } } })
    expect((await as(office, '/api/app/today')).body.unreachableAdults).toBe(1)
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: { subject: 'Term dates', body: 'Out now.', audience: ['year:6'] } })
    const queued = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.body.id))
    expect(queued.map(row => row.target)).toEqual([numbers.anna])
  })

  it('answers not_found to a reply or a report under a key that is not the school\'s, changing nothing', async () => {
    expectEnvelope(await callApi(`/hooks/texts/incoming?key=not-the-key&from=61400111002&to=61400111000&text=STOP`), 404, 'not_found')
    expectEnvelope(await callApi(`/hooks/texts/report?key=not-the-key&reference=ndl_x&type=1`), 404, 'not_found')
    expect(await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.number, numbers.ben))).toEqual([])
  })
})
