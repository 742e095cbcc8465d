import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients } from '../../../../db/schema'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { sendMessage } from '../../../../server/domain/messages/send-message'
import { claimMessageBatch, sendMessageBatch, settleMessageWorker } from '../../../../server/domain/messages/message-delivery'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import type { TestSchool } from '../../../support/roles-fixtures'

interface FeedEvent { kind: string, table: string, id: string, at: string, sequence: number }

/*
 * `notification.failed` through the events feed (docs/events.md): a bounced mail reaches a token holding
 * person.read as its table and id alone, and no token without it.
 */
describe('notification.failed in GET /api/v1/events', () => {
  let school: TestSchool
  let recipientId: string
  const address = `nfe${process.pid}${Date.now().toString(36)}@example.org`
  const feed = async (token: string, query = '?limit=1000') => {
    const answer = await callApi<{ items: FeedEvent[], nextCursor: string }>(`/api/v1/events${query}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Bounce College' })
    const adultId = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Bounce', givenNames: 'Kit', dateOfBirth: '2015-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Bounce', givenNames: 'Ana', email: address })
      await insertParentalResponsibility(tx, changes, school.school, { adultId: adult, childId: child, relationship: 'parent', validFrom: '2016-01-01',
        validTo: null })
      return adult
    })
    const sent = await sendMessage(school.context, { subject: 'Sports day', body: 'Sports day is on.', audience: ['year:3'] })
    // The delivery worker's own claim and send, the mail server refusing the address for good.
    const worker = settleMessageWorker(school.database, { schoolIds: [school.id],
      mailer: async () => ({ permanent: true, summary: `550 5.1.1 <${address}>: mailbox unknown` }) })
    expect(await sendMessageBatch(worker, await claimMessageBatch(worker))).toBe(1)
    const [row] = await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, sent.id), eq(messageRecipients.adultId, adultId)))
    expect(row).toMatchObject({ status: 'bounced' })
    recipientId = row!.id
  })

  it('gives a token holding person.read the bounce once, as its table and id, with no address', async () => {
    const answer = await feed(await school.token(['event.read', 'person.read']), '?limit=1000&kinds=notification.failed')
    expect(answer.body.items.map(item => [item.kind, item.table, item.id])).toEqual([['notification.failed', 'notification_deliveries', recipientId]])
    expect(Object.keys(answer.body.items[0]!).sort()).toEqual(['at', 'id', 'kind', 'sequence', 'table'])
    expect(JSON.stringify(answer.body)).not.toContain(address)
  })

  it('gives a token without person.read none of it, asked for or not', async () => {
    const tours = await school.token(['event.read', 'tour.read'])
    expect((await feed(tours)).body.items.map(item => item.kind)).not.toContain('notification.failed')
    expect((await feed(tours, '?kinds=notification.failed')).body.items).toEqual([])
  })
})
