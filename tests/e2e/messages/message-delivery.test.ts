import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients } from '../../../db/schema'
import { callApi } from '../../support/api'
import { seedYearFamilies } from '../../support/consent-fixtures'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { startSmtpReceiver, type ReceivedMail } from '../../support/smtp-receiver'
import { staffSession } from '../../support/staff-sessions'

/** A server that emails the messages of `schoolId` through `smtpUrl`, with a short lease so a killed server's rows are taken up in seconds. */
function mailingServer(schoolId: string, smtpUrl: string) {
  return startBuiltServer({ SMTP_URL: smtpUrl, ROLLBOOK_MESSAGE_SCHOOLS: schoolId, ROLLBOOK_MESSAGE_LEASE_MS: '2000' })
}

const countBy = (mails: ReceivedMail[]) => {
  const counts = new Map<string, number>()
  for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

describe('message delivery by email', () => {
  it('sends a year\'s message to each eligible adult once, with text and HTML parts; killed mid-send and restarted, still exactly once; a bounce is shown '
    + 'and not retried', async () => {
    const school = await newSchool({ name: 'Message Delivery School' })
    const { parents } = await seedYearFamilies(school, '7', 40, `mdl${process.pid}-`)
    const bouncing = parents[5]!.email
    let killed = false
    let server: RunningServer | undefined
    const receiver = await startSmtpReceiver({
      bounce: address => address === bouncing,
      // The server dies while the mail server is reading its 15th mail: it was never accepted, so it must come again.
      beforeAccept: () => {
        if (!killed && receiver.mails.length === 15) {
          killed = true
          server!.process.kill('SIGKILL')
          return 'drop'
        }
        return 'accept'
      }
    })
    const { cookie } = await staffSession(school, 'office')
    server = await mailingServer(school.id, receiver.url)
    let logs = ''
    try {
      const body = 'The year 7 camp leaves on Monday.\n\nPack <warm> clothes & a torch.'
      const sent = await callApi('/api/app/messages', { baseUrl: server.url, headers: { cookie }, body: { subject: 'Camp', body, audience: ['year:7'] } })
      expect(sent.status).toBe(201)
      expect(sent.body).toMatchObject({ adultCount: 40, childCount: 41 })
      await new Promise(done => server!.process.once('exit', done))
      expect(killed).toBe(true)
      logs += server.output()
      server = await mailingServer(school.id, receiver.url)
      await expect.poll(() => receiver.mails.length, { timeout: 30_000, interval: 200 }).toBe(39)
      const counts = countBy(receiver.mails)
      expect([...counts.values()].every(count => count === 1)).toBe(true)
      expect([...counts.keys()].sort()).toEqual(parents.map(parent => parent.email).filter(email => email !== bouncing).sort())
      const mail = receiver.mails[0]!.data
      expect(mail).toMatch(/Content-Type: text\/plain/)
      expect(mail).toMatch(/Content-Type: text\/html/)
      expect(mail).toContain('&lt;warm&gt; clothes &amp; a torch')
      const recipients = () => school.database.db.select().from(messageRecipients)
        .where(and(eq(messageRecipients.schoolId, school.id), eq(messageRecipients.messageId, sent.body.id)))
      // The last acceptance is recorded a moment after the mail server gave it.
      await expect.poll(async () => (await recipients()).filter(row => row.status === 'sent').length, { timeout: 5000, interval: 100 }).toBe(39)
      const rows = await recipients()
      expect(rows.find(row => row.email === bouncing)).toMatchObject({ status: 'bounced', attempts: 1 })
      const bounces = await callApi('/api/app/messages/bounces', { baseUrl: server.url, headers: { cookie } })
      expect(bounces.body.items).toEqual([expect.objectContaining({ email: bouncing, messageId: sent.body.id })])
      expect((await callApi(`/api/app/messages/${sent.body.id}`, { baseUrl: server.url, headers: { cookie } })).body)
        .toMatchObject({ sentCount: 39, bouncedCount: 1, pendingCount: 0 })
      // Never retried: a bounce leaves the queue (status bounced, one attempt), so no worker claims it again.
      expect(receiver.mails.length).toBe(39)
    } finally {
      await server?.stop()
      logs += server?.output() ?? ''
      await receiver.close()
    }
    expect(logs).not.toContain('camp leaves')
    expect(logs).not.toContain('Child0')
    expect(logs).not.toContain('@example.org')
  }, 90_000)
})
