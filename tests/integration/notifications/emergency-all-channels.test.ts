import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accounts, messageRecipients, notificationDeliveries, pushSubscriptions } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newId } from '../../../server/domain/shared/ids'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { configureMail } from '../../../server/domain/mail/send-mail'
import { destinationPolicy, setDestinationPolicy } from '../../../server/domain/webhooks/destinations'
import { updateNotificationSettings, vapidKeysOf } from '../../../server/domain/notifications/notification-settings'
import { pushSender } from '../../../server/domain/notifications/pushes'
import { textSender } from '../../../server/domain/notifications/texts'
import { deliverDueMessages } from '../../support/message-queue'
import { deliverDueNotices } from '../../support/notification-queues'
import { startKannel, type Kannel } from '../../support/kannel'
import { startPushService, type PushService } from '../../support/push-service'
import { startSmtpReceiver, type SmtpReceiver } from '../../support/smtp-receiver'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/** Adults the emergency reaches: two per child. The bench sends one to 10,000 (docs/performance.md, "Notifications"). */
const adultCount = 200

/*
 * Issue 38, point 3, end to end on every channel: an emergency to a year group whose every adult has an address, a
 * number and a browser with notifications on, whatever they chose, handed to a loopback mail server, a real Kannel
 * (read back at its SMS centre) and a push service that decrypts each push, by the three queues at once; each adult
 * counted once on each channel.
 */
describe('an emergency on every channel at once', () => {
  let school: School
  let kannel: Kannel
  let pushes: PushService
  let mail: SmtpReceiver
  const policyBefore = destinationPolicy()
  const tag = `emg${process.pid}${Date.now().toString(36)}`
  const numberOf = (index: number) => `+6421${String(5_000_000 + index)}`

  beforeAll(async () => {
    setDestinationPolicy({ allowPrivate: true })
    ;[kannel, pushes, mail] = await Promise.all([startKannel(), startPushService(), startSmtpReceiver()])
    configureMail({ smtpUrl: mail.url })
    school = await newSchool({ name: 'Storm School' })
    await updateNotificationSettings(school.context, {
      digestTime: '17:00', optionalKinds: ['school'],
      textGateway: {
        kind: 'kannel', sendsmsUrl: kannel.sendsmsUrl, username: kannel.username, password: kannel.password, from: '+6421000000', sendsPerSecond: 500
      }
    })
    const adultIds: string[] = []
    await writeChanges(school.context, async (tx, changes) => {
      for (let child = 0; child < adultCount / 2; child++) {
        const childId = await insertPerson(tx, changes, school.id, { familyName: `Storm${child}`, givenNames: 'Kid', dateOfBirth: '2016-03-04' })
        await insertAffiliation(tx, changes, school.school, { personId: childId, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
        for (const parent of [0, 1]) {
          const index = child * 2 + parent
          const adultId = await insertPerson(tx, changes, school.id, {
            familyName: `Storm${child}`, givenNames: `Parent${parent}`, email: `${tag}-${index}@example.org`, phone: numberOf(index)
          })
          await insertParentalResponsibility(tx, changes, school.school, { adultId, childId, relationship: 'parent', validFrom: '2016-01-01', validTo: null })
          adultIds.push(adultId)
        }
      }
    })
    // Every adult turned notifications on in a browser of their own, signed in to their own account.
    const { publicKey } = await vapidKeysOf(school.database, school.id)
    const at = new Date().toISOString()
    const devices = adultIds.map(adultId => ({ adultId, accountId: newId('acc'), ...pushes.subscribe({ applicationServerKey: publicKey }) }))
    await school.database.transaction(async (tx) => {
      await bulkInsert(tx, accounts, devices.map(device => ({ id: device.accountId, schoolId: school.id, email: `${device.accountId}@example.invalid`,
        personId: device.adultId, createdAt: at })))
      await bulkInsert(tx, pushSubscriptions, devices.map(device => ({
        id: newId('psh'), schoolId: school.id, adultId: device.adultId, accountId: device.accountId, endpoint: device.endpoint,
        p256dh: device.keys.p256dh, auth: device.keys.auth, label: 'Test', createdAt: at
      })))
    })
  })
  afterAll(async () => {
    configureMail({})
    setDestinationPolicy(policyBefore)
    await Promise.all([kannel?.stop(), pushes?.close(), mail?.close()])
  })

  it('hands every adult the notice once on each channel, whatever they chose, the three queues at once', async () => {
    const sent = await sendMessage(school.context, { subject: 'School closed: storm', body: 'Stay home today.', audience: ['year:3'], emergency: true })
    expect(sent.adultCount).toBe(adultCount)
    const schoolIds = [school.id]
    await Promise.all([
      deliverDueMessages(school.database, { schoolIds }),
      deliverDueNotices(school.database, textSender(), { schoolIds }),
      deliverDueNotices(school.database, pushSender(), { schoolIds })
    ])
    const mails = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, sent.id))
    expect(mails.map(row => row.status)).toEqual(Array(adultCount).fill('sent'))
    const others = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.id))
    expect(others.filter(row => row.status !== 'sent' && row.status !== 'delivered')).toEqual([])
    expect(others.filter(row => row.channel === 'sms')).toHaveLength(adultCount)
    expect(others.filter(row => row.channel === 'push')).toHaveLength(adultCount)

    const received = mail.mails.filter(one => one.to.some(address => address.startsWith(tag)))
    expect(new Set(received.flatMap(one => one.to)).size).toBe(adultCount)
    expect(received).toHaveLength(adultCount)
    expect(new Set(pushes.received.map(push => push.id)).size).toBe(adultCount)
    expect(pushes.received).toHaveLength(adultCount)
    expect(pushes.received.every(push => push.urgency === 'high')).toBe(true)
    const texts = await kannel.waitForReceived(adultCount)
    expect(new Set(texts.map(text => text.to)).size).toBe(adultCount)
    expect(texts).toHaveLength(adultCount)
    expect(texts.every(text => text.text.startsWith('URGENT, Storm School: School closed: storm '))).toBe(true)
  })
})
