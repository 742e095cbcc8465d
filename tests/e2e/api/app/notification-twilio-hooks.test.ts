import { beforeAll, describe, expect, inject, it } from 'vitest'
import { eq } from 'drizzle-orm'
import twilio from 'twilio'
import { notificationDeliveries, textOptOuts } from '../../../../db/schema'
import { newId } from '../../../../server/domain/shared/ids'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { callApi, type ApiRequest } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Twilio's calls to the server (docs/notifications.md): a status callback and a family's STOP, taken only
 * with Twilio's signature over the public address and the form under the school's auth token.
 */
describe('Twilio\'s status callbacks and replies', () => {
  let school: School
  let key: string
  let adultId: string
  const authToken = 'f'.repeat(32)
  const as = (cookie: string, path: string, request: ApiRequest = {}) => callApi(path, { ...request, headers: { cookie, ...request.headers } })
  // The server signs for the address people reach it at, its PUBLIC_URL (scripts/built-server.ts).
  const publicBase = `http://localhost:${new URL(inject('baseUrl')).port}`
  const post = (path: string, form: Record<string, string>, signedWith = authToken) => callApi(path, {
    method: 'POST', body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(signedWith,
      `${publicBase}${path}`, form) }
  })

  beforeAll(async () => {
    school = await newSchool({ name: 'Twilio School' })
    adultId = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Hook', givenNames: 'Ada',
      phone: '+64211234567' }))
    const admin = (await staffSession(school, 'admin')).cookie
    const saved = await as(admin, '/api/app/notifications/settings', { method: 'PUT', body: {
      digestTime: '17:00', optionalKinds: ['school'],
      textGateway: { kind: 'twilio', accountSid: `AC${'a'.repeat(32)}`, authToken, from: '+64210000000', sendsPerSecond: 1 }
    } })
    expect(saved.status).toBe(200)
    key = new URL(saved.body.incomingTextUrl).searchParams.get('key')!
  })

  it('takes a signed STOP and START from the school\'s Twilio number, answering empty TwiML', async () => {
    const stop = await post(`/hooks/texts/incoming?key=${key}`, { From: '+64211234567', To: '+64210000000', Body: 'Stop' })
    expect(stop.status).toBe(200)
    expect(stop.headers.get('content-type')).toMatch(/xml/)
    expect(await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.schoolId,
      school.id))).toEqual([expect.objectContaining({ number: '+64211234567' })])
    expect((await post(`/hooks/texts/incoming?key=${key}`, { From: '+64211234567', To: '+64210000000', Body: 'START' })).status).toBe(200)
    expect(await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.schoolId, school.id))).toEqual([])
  })

  it('refuses a reply signed with another token as not_found, changing nothing', async () => {
    expectEnvelope(await post(`/hooks/texts/incoming?key=${key}`, { From: '+64211234567', Body: 'STOP' }, 'e'.repeat(32)), 404, 'not_found')
    expect(await school.database.db.select().from(textOptOuts).where(eq(textOptOuts.schoolId, school.id))).toEqual([])
  })

  it('marks a sent text delivered from its signed status callback, and ignores a repeat', async () => {
    const id = newId('ndl')
    await school.database.transaction(tx => tx.insert(notificationDeliveries).values({
      id, schoolId: school.id, messageId: null, adultId, channel: 'sms', target: '+64211234567', childIds: '[]', status: 'sent', priority: 1, attempts: 1,
      nextAttemptAt: 0, providerId: `SM${'b'.repeat(32)}`, sentAt: new Date().toISOString(), createdAt: new Date().toISOString()
    }))
    const path = `/hooks/texts/report?key=${key}&reference=${id}`
    const form = { MessageSid: `SM${'b'.repeat(32)}`, MessageStatus: 'delivered' }
    expect((await post(path, form)).status).toBe(200)
    expect((await post(path, form)).status).toBe(200)
    const [row] = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id))
    expect(row).toMatchObject({ status: 'delivered', reported: 'delivered', deliveredAt: expect.any(String) })
  })
})
