import { createHash, createECDH, randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { notificationDeliveries } from '../../../../db/schema'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { updateNotificationSettings } from '../../../../server/domain/notifications/notification-settings'
import { receiveTextReply } from '../../../../server/domain/notifications/text-replies'
import { callApi, type ApiRequest } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 38's screens, their routes: the composer's text costs say whether the school sends texts at all; a message's
 * recipients say whose number replied STOP or is failing, never the number; the portal's devices carry their endpoints'
 * SHA-256 (the page finds its own browser by it), never the endpoint, and the office's view of them carries neither.
 */
describe('the notification screens\' routes', () => {
  let school: School
  let office: string, teacher: string
  const ids: Record<string, string> = {}
  const numbers = { rua: '+61400222001', mere: '+61400222002', wiremu: '+61400222003' }
  const as = (cookie: string, path: string, request: ApiRequest = {}) => callApi(path, { ...request, headers: { cookie, ...request.headers } })
  const gateway = { kind: 'kannel' as const, sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', password: 'sendsms-secret',
    sendsPerSecond: 1 }

  beforeAll(async () => {
    school = await newSchool({ name: 'Screens Routes School' })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Parata', givenNames: 'Ana', dateOfBirth: '2015-05-06' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '4', campusId: null })
      const adults = [['rua', numbers.rua], ['mere', numbers.mere], ['wiremu', numbers.wiremu], ['hemi', '0400 222 004']] as const
      for (const [name, phone] of adults) {
        ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Parata', givenNames: name, email: `${name}-screens@example.org`, phone })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: ids[name]!, childId: child, relationship: 'parent',
          validFrom: '2016-01-01', validTo: null })
      }
    })
    ;[office, teacher] = [(await staffSession(school, 'office')).cookie, (await staffSession(school, 'teacher')).cookie]
  })

  it('says with the text costs whether the school has a text gateway, so the composer shows them only when texts go', async () => {
    const body = { subject: 'Sports day moved', versions: [{ language: 'es', subject: 'Reunión de padres' }] }
    const before = await as(office, '/api/app/messages/text-length', { method: 'POST', body })
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ textGateway: false, texts: [
      { language: 'en', characters: expect.any(Number), encoding: 'gsm7', segments: 1 },
      { language: 'es', characters: expect.any(Number), encoding: 'ucs2', segments: 2 }
    ] })
    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'], textGateway: gateway })
    const after = await as(office, '/api/app/messages/text-length', { method: 'POST', body })
    expect(after.body).toMatchObject({ textGateway: true, texts: before.body.texts })
    expect(JSON.stringify(after.body)).not.toContain(gateway.sendsmsUrl)
    expectEnvelope(await as(teacher, '/api/app/messages/text-length', { method: 'POST', body }), 403, 'forbidden')
  })

  it('marks on a message\'s recipients the number that replied STOP and the one failing, and answers no number', async () => {
    expect(await receiveTextReply(school.database, school.id, { from: numbers.mere, text: 'STOP' })).toBe('stopped')
    const at = new Date().toISOString()
    await school.database.transaction(tx => tx.insert(notificationDeliveries).values([1, 2, 3].map(n => ({
      id: `ndl_screens${n}${process.pid}`, schoolId: school.id, messageId: null, adultId: ids.wiremu!, channel: 'sms' as const,
      target: numbers.wiremu, childIds: '[]', status: 'bounced' as const, priority: 1, attempts: 1, nextAttemptAt: 0, lastError: 'kannel 400',
      createdAt: at
    }))))
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: { subject: 'Camp forms', body: 'Due Friday.', audience: ['year:4'] } })
    expect(sent.status).toBe(201)
    const recipients = await as(office, `/api/app/messages/${sent.body.id}/recipients`)
    expect(recipients.status).toBe(200)
    const marks = Object.fromEntries(recipients.body.items.map((item: { adult: { givenNames: string }, textsStopped: boolean, textsFailing: boolean }) =>
      [item.adult.givenNames, [item.textsStopped, item.textsFailing]]))
    // Hemi's number is not in international form: no text goes to it, and it is neither stopped nor failing.
    expect(marks).toEqual({ hemi: [false, false], mere: [true, false], rua: [false, false], wiremu: [false, true] })
    const answered = JSON.stringify(recipients.body)
    for (const number of [...Object.values(numbers), '0400 222 004']) expect(answered).not.toContain(number)
    // The same facts as the adult's record shows.
    expect((await as(office, `/api/app/people/${ids.wiremu}/notifications`)).body).toMatchObject({ textsFailing: true })
    expect((await as(office, `/api/app/people/${ids.mere}/notifications`)).body.channels.sms).toMatchObject({ stopped: true })
  })

  it('names each of a family\'s devices by its endpoint\'s SHA-256, never the endpoint, to the family alone', async () => {
    const rua = (await familySession(school, ids.rua!)).cookie
    const keys = createECDH('prime256v1')
    keys.generateKeys()
    const endpoint = `https://push.example.org/send/${randomBytes(12).toString('hex')}`
    const added = await as(rua, '/api/app/portal/notifications/devices', {
      body: { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } }
    })
    expect(added.status).toBe(201)
    const hash = createHash('sha256').update(endpoint).digest('hex')

    const read = await as(rua, '/api/app/portal/notifications')
    expect(read.body.channels.push.devices).toEqual([{ id: added.body.id, label: expect.any(String), createdAt: expect.any(String), endpointHash: hash }])
    expect(JSON.stringify(read.body)).not.toContain(endpoint)
    const chosen = await as(rua, '/api/app/portal/notifications', { method: 'PUT', body: { choices: [{ kind: 'school', channel: 'push', mode: 'digest' }] } })
    expect(chosen.body.channels.push.devices).toEqual([expect.objectContaining({ endpointHash: hash })])
    expect(JSON.stringify(chosen.body)).not.toContain(endpoint)

    const record = await as(office, `/api/app/people/${ids.rua}/notifications`)
    expect(record.body.channels.push.devices).toEqual([{ id: added.body.id, label: expect.any(String), createdAt: expect.any(String) }])
    expect(JSON.stringify(record.body)).not.toContain(hash)

    // Turned off here by the id the list gave, no subscription sent again.
    expect((await as(rua, `/api/app/portal/notifications/devices/${added.body.id}`, { method: 'DELETE' })).body).toEqual({ removed: true })
    expect((await as(rua, '/api/app/portal/notifications')).body.channels.push.devices).toEqual([])
  })
})
