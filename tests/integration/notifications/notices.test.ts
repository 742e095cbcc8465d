import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries, outboxMails, pushSubscriptions } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { destinationPolicy, setDestinationPolicy } from '../../../server/domain/webhooks/destinations'
import { addPushDevice } from '../../../server/domain/notifications/push-devices'
import { pushSender } from '../../../server/domain/notifications/pushes'
import { setNotificationChoices } from '../../../server/domain/notifications/notification-choices'
import { updateNotificationSettings, vapidKeysOf } from '../../../server/domain/notifications/notification-settings'
import { claimDueDigests, emailDigestSender, gatherDigests } from '../../../server/domain/notifications/digests'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { deliverDueNotices } from '../../support/notification-queues'
import { familySession } from '../../support/family-sessions'
import { startPushService, type PushService } from '../../support/push-service'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 38 in the domain: phone notifications to a loopback push service that checks each push's VAPID
 * signature and decrypts it with the subscription's keys; an expired subscription removed; another
 * account's subscription refused; the day's digest gathered at the school's digest time (the clock given)
 * and mailed once; an emergency on every channel whatever the adult chose, ahead of the rest.
 */
describe('notices by push, digest and emergency', () => {
  let school: School
  let service: PushService
  const ids: Record<string, string> = {}
  const accounts: Record<string, string> = {}
  const tag = `ntc${process.pid}${Date.now().toString(36)}`
  const policyBefore = destinationPolicy()
  const send = (subject: string, extra: { emergency?: boolean } = {}) => sendMessage(school.context, { subject, body: `${subject}, for Kit.`,
    audience: ['year:5'], ...extra })

  beforeAll(async () => {
    // The push service listens on loopback, as webhooks' test receivers do (WEBHOOKS_ALLOW_PRIVATE in tests).
    setDestinationPolicy({ allowPrivate: true })
    service = await startPushService()
    school = await newSchool({ name: 'Kauri School', timeZone: 'Pacific/Auckland' })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Notice', givenNames: 'Kit', dateOfBirth: '2015-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '5', campusId: null })
      for (const name of ['hana', 'rua']) {
        ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Notice', givenNames: name, email: `${tag}-${name}@example.org` })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: ids[name]!, childId: child, relationship: 'parent',
          validFrom: '2016-01-01', validTo: null })
      }
    })
    for (const name of ['hana', 'rua']) accounts[name] = (await familySession(school, ids[name]!)).accountId
  })
  afterAll(async () => {
    setDestinationPolicy(policyBefore)
    await service?.close()
  })

  it('pushes a message to the device an adult turned on: signed with the school\'s key, encrypted for the device, with no child\'s name', async () => {
    const { publicKey } = await vapidKeysOf(school.database, school.id)
    expect((await vapidKeysOf(school.database, school.id)).publicKey).toBe(publicKey)
    const phone = service.subscribe({ applicationServerKey: publicKey })
    await addPushDevice(school.context, { adultId: ids.hana!, accountId: accounts.hana! }, phone, 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile')
    const sent = await send('Athletics day')
    expect(await deliverDueNotices(school.database, pushSender(), { schoolIds: [school.id] })).toBe(1)
    expect(service.received).toEqual([expect.objectContaining({
      id: phone.id, urgency: 'normal', payload: { title: 'Athletics day', body: 'Kauri School', url: `/family/messages/${sent.id}`, tag: sent.id, lang: 'en' }
    })])
    expect(JSON.stringify(service.received)).not.toContain('Kit')
    const [row] = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.id))
    expect(row).toMatchObject({ channel: 'push', status: 'sent', attempts: 1 })
  })

  it('refuses a device already bound to another account, and removes one the push service says is gone', async () => {
    const [device] = await school.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.adultId, ids.hana!))
    const offered = { endpoint: device!.endpoint, keys: { p256dh: device!.p256dh, auth: device!.auth } }
    await expect(addPushDevice(school.context, { adultId: ids.rua!, accountId: accounts.rua! }, offered, undefined)).rejects.toMatchObject({ code: 'conflict' })
    service.refuse(service.received[0]!.id, 410)
    const sent = await send('Photo day')
    await deliverDueNotices(school.database, pushSender(), { schoolIds: [school.id] })
    const [row] = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.id))
    expect(row).toMatchObject({ status: 'bounced', lastError: expect.stringMatching(/^410/) })
    expect(await school.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.adultId, ids.hana!))).toEqual([])
  })

  it('refuses "off" for a kind the school does not let families turn off, naming the choice', async () => {
    const refused = await setNotificationChoices(school.context, ids.rua!, { choices: [{ kind: 'consents', channel: 'email',
      mode: 'off' }] }).catch(error => error)
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'validation_failed', extras: { fields: [{ path: 'choices.0.mode' }] } })
  })

  it('gathers what an adult chose as a digest into one mail at the school\'s digest time, once that day', async () => {
    await updateNotificationSettings(school.context, { digestTime: '16:30', optionalKinds: ['school'], textGateway: null })
    await setNotificationChoices(school.context, ids.rua!, { choices: [{ kind: 'school', channel: 'email', mode: 'digest' }] })
    const first = await send('Library books due')
    const second = await send('Choir practice')
    const held = await school.database.db.select().from(messageRecipients).where(and(eq(messageRecipients.adultId, ids.rua!), eq(messageRecipients.status,
      'held')))
    expect(held.map(row => row.messageId).sort()).toEqual([first.id, second.id].sort())
    // 16:29 and 16:31 in Auckland (UTC+13 in January): before the digest time nothing; after it the school, once.
    expect(await claimDueDigests(school.database, [school.id], new Date('2027-01-14T03:29:00Z'))).toEqual([])
    expect(await claimDueDigests(school.database, [school.id], new Date('2027-01-14T03:31:00Z'))).toEqual([school.id])
    expect(await claimDueDigests(school.database, [school.id], new Date('2027-01-14T05:00:00Z'))).toEqual([])
    expect(await gatherDigests(school.database, school.id, new Date('2027-01-14T03:31:00Z'))).toBe(1)
    expect(await deliverDueNotices(school.database, emailDigestSender(), { schoolIds: [school.id], now: () => Date.parse('2027-01-14T03:32:00Z') })).toBe(1)
    const mails = await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, `${tag}-rua@example.org`))
    const digest = mails.find(mail => mail.subject === 'Kauri School: new notices, 2')
    expect(digest?.text).toContain('Library books due')
    expect(digest?.text).toContain('Choir practice')
    expect(digest?.text).not.toContain('for Kit')
    const after = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.adultId, ids.rua!))
    expect(after.filter(row => [first.id, second.id].includes(row.messageId)).map(row => row.status)).toEqual(['sent', 'sent'])
    expect(await claimDueDigests(school.database, [school.id], new Date('2027-01-15T03:31:00Z'))).toEqual([school.id])
    expect(await gatherDigests(school.database, school.id, new Date('2027-01-15T03:31:00Z'))).toBe(0)
  })

  it('sends an emergency on every channel whatever the adult chose, ahead of the rest', async () => {
    await setNotificationChoices(school.context, ids.rua!, { choices: [{ kind: 'school', channel: 'email', mode: 'off' }] })
    const phone = service.subscribe({ applicationServerKey: (await vapidKeysOf(school.database, school.id)).publicKey })
    await addPushDevice(school.context, { adultId: ids.rua!, accountId: accounts.rua! }, phone, undefined)
    await setNotificationChoices(school.context, ids.rua!, { choices: [{ kind: 'school', channel: 'push', mode: 'off' }] })
    const ordinary = await send('Bake sale')
    const [ordinaryMail] = await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, ordinary.id), eq(messageRecipients.adultId, ids.rua!)))
    expect(ordinaryMail!.status).toBe('off')
    const emergency = await send('School closed: flooding', { emergency: true })
    const [mail] = await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, emergency.id), eq(messageRecipients.adultId, ids.rua!)))
    expect(mail).toMatchObject({ status: 'pending', priority: 0 })
    const pushes = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, emergency.id))
    expect(pushes).toEqual([expect.objectContaining({ adultId: ids.rua!, channel: 'push', status: 'queued', priority: 0 })])
    const before = service.received.length
    await deliverDueNotices(school.database, pushSender(), { schoolIds: [school.id] })
    expect(service.received.slice(before)).toEqual([expect.objectContaining({ id: phone.id, urgency: 'high',
      payload: expect.objectContaining({ title: 'School closed: flooding' }) })])
  })
})
