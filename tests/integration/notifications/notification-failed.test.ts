import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { changeEvents, messageRecipients, notificationDeliveries } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { claimMessageBatch, maximumMessageAttempts, sendMessageBatch, settleMessageWorker } from '../../../server/domain/messages/message-delivery'
import type { ChannelSender, HandOver } from '../../../server/domain/notifications/channel-delivery'
import { recordDeliveryReport } from '../../../server/domain/notifications/text-replies'
import { setNotificationChoices } from '../../../server/domain/notifications/notification-choices'
import { updateNotificationSettings } from '../../../server/domain/notifications/notification-settings'
import { claimDueDigests, emailDigestSender, gatherDigests } from '../../../server/domain/notifications/digests'
import { webhookBodyOf } from '../../../server/domain/webhooks/delivery-body'
import { deliverDueNotices } from '../../support/notification-queues'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/** A text gateway's hand-over as the test decides it, sending nothing. */
const textsAnswering = (outcome: HandOver): ChannelSender => ({ channel: 'sms', handOver: async () => outcome })

/*
 * Issue 38's `notification.failed` (docs/events.md): written in the outcome's own transaction whenever an
 * email, a text or a digest becomes bounced or failed, once, as `{ kind, table, id, at }` with no address
 * or number in it.
 */
describe('notification.failed', () => {
  let school: School
  const ids: Record<string, string> = {}
  const tag = `nfl${process.pid}${Date.now().toString(36)}`
  const number = '+61491570159'
  const address = (name: string) => `${tag}-${name}@example.org`
  const send = (subject: string) => sendMessage(school.context, { subject, body: `${subject}, for Kit.`, audience: ['year:6'] })
  const failedEvents = (recordIds: string[]) => school.database.db.select().from(changeEvents)
    .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'notification.failed'), inArray(changeEvents.recordId, recordIds)))
  const recipientsOf = (messageId: string) => school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, messageId))
  const textsOf = (messageId: string) => school.database.db.select().from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.messageId, messageId), eq(notificationDeliveries.channel, 'sms')))
  /** The message worker's own claim and send, every mail refused as `refusal` says, on the test's clock. */
  const mailAll = async (refusal: { permanent: boolean, summary: string }, now = Date.now()) => {
    const worker = settleMessageWorker(school.database, { schoolIds: [school.id], now: () => now, mailer: async () => refusal })
    return sendMessageBatch(worker, await claimMessageBatch(worker))
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Harakeke School', timeZone: 'Pacific/Auckland' })
    await updateNotificationSettings(school.context, { digestTime: '16:30', optionalKinds: ['school'], textGateway: {
      kind: 'kannel', sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', password: 'not-used', sendsPerSecond: 10
    } })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Failed', givenNames: 'Kit', dateOfBirth: '2015-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '6', campusId: null })
      // Ana has an address; Tui only a number, so texts reach Tui at once by default.
      const adults = [['ana', { email: address('ana') }], ['tui', { phone: number }]] as const
      for (const [name, contact] of adults) {
        ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Failed', givenNames: name, ...contact })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: ids[name]!, childId: child, relationship: 'parent',
          validFrom: '2016-01-01', validTo: null })
      }
    })
  })

  it('announces an email the mail server refuses for good once, naming the recipient row and not its address', async () => {
    const sent = await send('Swimming sports')
    expect(await mailAll({ permanent: true, summary: `550 5.1.1 <${address('ana')}>: mailbox unknown` })).toBe(1)
    const [mail] = (await recipientsOf(sent.id)).filter(row => row.adultId === ids.ana)
    expect(mail).toMatchObject({ status: 'bounced', attempts: 1 })
    const events = await failedEvents([mail!.id])
    expect(events.map(event => [event.tableName, event.recordId, event.actor])).toEqual([['notification_deliveries', mail!.id, 'system:notifications:deliver']])
    const body = JSON.stringify(webhookBodyOf(events[0]!))
    expect(Object.keys(JSON.parse(body))).toEqual(['kind', 'table', 'id', 'at'])
    expect(body).not.toContain(address('ana'))
    expect(body).not.toContain('mailbox')
  })

  it('announces nothing while a mail is retried, and once when its last attempt is given up', async () => {
    const sent = await send('Cross country')
    const [mail] = (await recipientsOf(sent.id)).filter(row => row.adultId === ids.ana)
    let now = Date.now()
    for (let attempt = 1; attempt < maximumMessageAttempts; attempt++) {
      await mailAll({ permanent: false, summary: '451 4.3.0 try again later' }, now)
      now += 2 * 60 * 60_000
    }
    expect((await recipientsOf(sent.id)).find(row => row.id === mail!.id)).toMatchObject({ status: 'pending', attempts: maximumMessageAttempts - 1 })
    expect(await failedEvents([mail!.id])).toEqual([])
    await mailAll({ permanent: false, summary: '451 4.3.0 try again later' }, now)
    expect((await recipientsOf(sent.id)).find(row => row.id === mail!.id)).toMatchObject({ status: 'failed', attempts: maximumMessageAttempts })
    expect(await failedEvents([mail!.id])).toHaveLength(1)
  })

  it('announces a text the gateway refuses for good, and one a delivery report marks failed, each once and without the number', async () => {
    // The texts of the earlier tests' messages go first, taken: three refusals in a row would pause the number (unreachable.ts).
    await deliverDueNotices(school.database, textsAnswering({ handed: true }), { schoolIds: [school.id] })
    const refused = await send('Library week')
    await deliverDueNotices(school.database, textsAnswering({ handed: false, permanent: true, summary: '400 receiver refused' }), { schoolIds: [school.id] })
    const [bounced] = await textsOf(refused.id)
    expect(bounced).toMatchObject({ adultId: ids.tui, status: 'bounced' })

    const taken = await send('Book fair')
    await deliverDueNotices(school.database, textsAnswering({ handed: true, providerId: 'smsc-1' }), { schoolIds: [school.id] })
    const [text] = await textsOf(taken.id)
    expect(text).toMatchObject({ status: 'sent' })
    expect(await failedEvents([text!.id])).toEqual([])
    const report = { reference: text!.id, state: 'failed' as const, summary: 'stat:UNDELIV err:001' }
    expect(await recordDeliveryReport(school.database, school.id, report)).toBe('recorded')
    expect(await recordDeliveryReport(school.database, school.id, report)).toBe('unchanged')

    const events = await failedEvents([bounced!.id, text!.id])
    expect(events.map(event => event.recordId).sort()).toEqual([bounced!.id, text!.id].sort())
    for (const event of events) expect(JSON.stringify(webhookBodyOf(event))).not.toContain(number.slice(1))
  })

  it('announces a bounced digest and each notice it carried, once each', async () => {
    await setNotificationChoices(school.context, ids.ana!, { choices: [{ kind: 'school', channel: 'email', mode: 'digest' }] })
    const first = await send('Choir practice')
    const second = await send('Kapa haka')
    const carried = (await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.adultId, ids.ana!), inArray(messageRecipients.messageId, [first.id, second.id])))).map(row => row.id)
    expect(carried).toHaveLength(2)
    // 16:31 in Auckland (UTC+13 in January), after the school's digest time.
    const at = new Date('2027-01-14T03:31:00Z')
    expect(await claimDueDigests(school.database, [school.id], at)).toEqual([school.id])
    expect(await gatherDigests(school.database, school.id, at)).toBe(1)
    const refusing = emailDigestSender(async () => ({ permanent: true, summary: '550 5.1.1 mailbox unknown' }))
    expect(await deliverDueNotices(school.database, refusing, { schoolIds: [school.id], now: () => at.getTime() + 60_000 })).toBe(1)
    const [digest] = await school.database.db.select().from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.adultId, ids.ana!), eq(notificationDeliveries.channel, 'email')))
    expect(digest).toMatchObject({ status: 'bounced', digestCount: 2 })
    const events = await failedEvents([digest!.id, ...carried])
    expect(events.map(event => event.recordId).sort()).toEqual([digest!.id, ...carried].sort())
    for (const event of events) expect(JSON.stringify(webhookBodyOf(event))).not.toContain(address('ana'))
  })
})
