import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries } from '../../../db/schema'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { classifyExportColumn, listExportColumns } from '../../../server/domain/exports/column-classes'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { updateNotificationSettings } from '../../../server/domain/notifications/notification-settings'
import { newSchool } from '../../support/schools'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()
const header = 'id,channel,messageId,adultId,status,attempts,digestCount,sentAt,deliveredAt,readAt,createdAt,providerId'

describe('the notification_deliveries export table', () => {
  it('writes every email and text of a message, one row each, with no address or number, and never the target', async () => {
    const tag = `ndx${process.pid}${Date.now().toString(36)}`
    const number = '+61491570158'
    const school = await newSchool({ name: 'Deliveries Export School' })
    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'], textGateway: {
      kind: 'kannel', sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', password: 'not-used', sendsPerSecond: 10
    } })
    const ids = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Export', givenNames: 'Kit', dateOfBirth: '2015-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '4', campusId: null })
      const ana = await insertPerson(tx, changes, school.id, { familyName: 'Export', givenNames: 'Ana', email: `${tag}-ana@example.org` })
      const tui = await insertPerson(tx, changes, school.id, { familyName: 'Export', givenNames: 'Tui', phone: number })
      for (const adultId of [ana, tui]) {
        await insertParentalResponsibility(tx, changes, school.school,
          { adultId, childId: child, relationship: 'parent', validFrom: '2016-01-01', validTo: null })
      }
      return { ana, tui }
    })
    const sent = await sendMessage(school.context, { subject: 'Sports day', body: 'Sports day is on.', audience: ['year:4'] })
    // The text went and was reported delivered; Ana's mail the worker withheld, as it does once standing has gone.
    await school.database.transaction(async (tx) => {
      await tx.update(notificationDeliveries).set({ status: 'delivered', attempts: 1, providerId: 'smsc-42', sentAt: '2027-01-14T03:31:00.000Z',
        deliveredAt: '2027-01-14T03:31:02.000Z' }).where(eq(notificationDeliveries.messageId, sent.id))
      await tx.update(messageRecipients).set({ status: 'withheld', sentAt: '2027-01-14T03:30:00.000Z' })
        .where(and(eq(messageRecipients.messageId, sent.id), eq(messageRecipients.adultId, ids.ana)))
    })
    const [mail] = await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, sent.id), eq(messageRecipients.adultId, ids.ana)))
    const [text] = await school.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.messageId, sent.id))

    const file = (await produceSchoolExports(school.context, { storage })).find(produced => produced.tableKey === 'notification_deliveries')!
    const { text: csv } = await storedFile(storage, file.storageKey)
    const [top, ...lines] = csv.split('\r\n').slice(0, -1)
    expect(top).toBe(header)
    const byId = new Map(lines.map(line => [line.split(',')[0], line.split(',').slice(1)]))
    expect(file.rows).toBe(3)
    // Withheld is shown as a told adult's mail would be: no row tells whom standing keeps from a child.
    expect(byId.get(mail!.id)).toEqual(['email', sent.id, ids.ana, 'sent', '1', '', '2027-01-14T03:30:00.000Z', '', '', mail!.createdAt, ''])
    expect(byId.get(text!.id)).toEqual(['sms', sent.id, ids.tui, 'delivered', '1', '', '2027-01-14T03:31:00.000Z', '2027-01-14T03:31:02.000Z', '',
      text!.createdAt, 'smsc-42'])
    expect([...byId.values()].filter(row => row[0] === 'email' && row[2] === ids.tui).map(row => row[3])).toEqual(['no_address'])
    expect(csv).not.toContain(tag)
    expect(csv).not.toContain(number.slice(1))

    expect((await listExportColumns(school.context)).find(column => column.column === 'notification_deliveries.target'))
      .toEqual({ column: 'notification_deliveries.target', class: 'restricted', default: 'restricted' })
    await expect(classifyExportColumn(school.context, 'notification_deliveries.target', 'personal')).rejects.toMatchObject({ code: 'unprocessable' })
    await classifyExportColumn(school.context, 'notification_deliveries.providerId', 'restricted')
    const again = (await produceSchoolExports(school.context, { storage })).find(produced => produced.tableKey === 'notification_deliveries')!
    expect((await storedFile(storage, again.storageKey)).text.split('\r\n')[0]).toBe(header.replace(',providerId', ''))
  })
})
