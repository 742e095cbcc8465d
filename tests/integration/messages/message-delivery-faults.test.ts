import { afterEach, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients } from '../../../db/schema'
import { claimMessageBatch, maximumMessageAttempts, sendMessageBatch, settleMessageWorker } from '../../../server/domain/messages/message-delivery'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { logger } from '../../../server/domain/shared/log'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/** One child at `yearLevel` with adults (by address) holding responsibility. */
function seedFamily(school: School, yearLevel: string, ...emails: string[]) {
  return writeChanges(school.context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: 'Fault', givenNames: 'Kit', dateOfBirth: '2014-03-04' })
    await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
    for (const email of emails) {
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Fault', givenNames: 'Sam', email })
      await insertParentalResponsibility(tx, changes, school.school,
        { adultId: adult, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null })
    }
  })
}

/*
 * The message queue's batch (docs/messages.md, "Delivery") against what goes wrong: a mail server
 * slower than the batch's lease, while another worker claims, and a fault on one recipient. Each runs
 * the queue's own claim and send (messages/delivery-queue.ts) on a clock of the test's.
 */
describe('message delivery when a batch goes wrong', () => {
  const tag = `mdf${process.pid}${Date.now().toString(36)}`
  const rowsOf = (school: School, messageId: string) => school.database.db.select().from(messageRecipients)
    .where(and(eq(messageRecipients.schoolId, school.id), eq(messageRecipients.messageId, messageId)))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('a mail server slower than the lease: each mail renews its row, the batch ends where another worker took over, and no adult is mailed twice', async () => {
    const school = await newSchool({ name: 'Slow Mail School' })
    const emails = [1, 2, 3].map(i => `${tag}-slow${i}@example.org`)
    await seedFamily(school, '7', ...emails)
    const sent = await sendMessage(school.context, { subject: 'Sport', body: 'Sport is on.', audience: ['year:7'] })
    let now = Date.now()
    const clock = () => now
    const mailed: string[] = []
    const second = settleMessageWorker(school.database, { schoolIds: [school.id], now: clock, mailer: async (_database, mail) => void mailed.push(mail.to) })
    let firstMails = 0
    let secondAttempted: number | undefined
    // The default lease, 60 s; each of the first worker's mails takes 40 s, so the batch's claim lapses during its second.
    const first = settleMessageWorker(school.database, {
      schoolIds: [school.id],
      now: clock,
      mailer: async (_database, mail) => {
        mailed.push(mail.to)
        now += 40_000
        if (++firstMails === 2) secondAttempted = await sendMessageBatch(second, await claimMessageBatch(second))
        return undefined
      }
    })
    const batch = await claimMessageBatch(first)
    expect(batch).toHaveLength(3)
    const firstAttempted = await sendMessageBatch(first, batch)

    expect([...mailed].sort()).toEqual([...emails].sort())
    expect([firstAttempted, secondAttempted]).toEqual([2, 1])
    expect((await rowsOf(school, sent.id)).map(row => [row.status, row.attempts, row.leaseOwner]))
      .toEqual([['sent', 1, null], ['sent', 1, null], ['sent', 1, null]])
  })

  it('a mailer that throws for one adult: the others are sent, that one backs off and is given up after the last attempt; the log has ids only', async () => {
    const school = await newSchool({ name: 'Faulty Mail School' })
    const bad = `${tag}-bad@example.org`
    const good = [`${tag}-good1@example.org`, `${tag}-good2@example.org`, `${tag}-good3@example.org`]
    await seedFamily(school, '8', bad, ...good)
    const sent = await sendMessage(school.context, { subject: 'Camp', body: 'Camp is on.', audience: ['year:8'] })
    const warned = vi.spyOn(logger, 'warn')
    let now = Date.now()
    const mailed: string[] = []
    const worker = settleMessageWorker(school.database, {
      schoolIds: [school.id],
      now: () => now,
      mailer: async (_database, mail) => {
        if (mail.to === bad) throw new Error(`The connection dropped while sending to ${mail.to}`)
        mailed.push(mail.to)
        return undefined
      }
    })
    const badRow = async () => (await rowsOf(school, sent.id)).find(row => row.email === bad)!

    expect(await sendMessageBatch(worker, await claimMessageBatch(worker))).toBe(4)
    expect([...mailed].sort()).toEqual([...good].sort())
    expect(await badRow()).toMatchObject({ status: 'pending', attempts: 1, leaseOwner: null, nextAttemptAt: now + 60_000 })
    // Backing off, it heads no claim before its next attempt.
    expect(await claimMessageBatch(worker)).toEqual([])

    for (let attempt = 2; attempt <= maximumMessageAttempts; attempt++) {
      now = (await badRow()).nextAttemptAt
      const again = await claimMessageBatch(worker)
      expect(again.map(row => row.email)).toEqual([bad])
      expect(await sendMessageBatch(worker, again)).toBe(1)
    }
    const given = await badRow()
    expect(given).toMatchObject({ status: 'failed', attempts: maximumMessageAttempts, leaseOwner: null, sentAt: null })
    expect(given.lastError).not.toContain(bad)
    expect(mailed).toHaveLength(good.length)

    const lines = warned.mock.calls.map(call => JSON.stringify(call)).filter(line => line.includes('a message delivery failed'))
    expect(lines).toHaveLength(maximumMessageAttempts)
    for (const line of lines) {
      expect(line).toContain(given.id)
      expect(line).not.toContain('@')
      expect(line).not.toContain('Camp')
    }
  })
})
