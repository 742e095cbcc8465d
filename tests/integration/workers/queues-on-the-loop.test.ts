import { afterAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, outboxMails } from '../../../db/schema'
import { deliverDueMessages } from '../../support/message-queue'
import { messageDeliveryQueue } from '../../../server/domain/messages/delivery-queue'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { startWorkerLoop } from '../../../server/domain/workers/worker-loop'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/** One child at `yearLevel` with adults (by address) holding responsibility. */
function seedFamily(school: School, yearLevel: string, ...emails: string[]) {
  return writeChanges(school.context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: 'Loop', givenNames: 'Kit', dateOfBirth: '2014-03-04' })
    await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
    for (const email of emails) {
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Loop', givenNames: 'Sam', email })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: adult, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
      )
    }
  })
}

/*
 * The message queue runs on the one worker loop (docs/architecture.md, "Workers"): its mail leaves
 * as soon as the message's write commits in this process, not at the next poll; a stopped loop holds
 * no row; and the mail names the portal at the one public address (`publicUrl()`).
 */
describe('the message queue on the worker loop', () => {
  const tag = `qol${process.pid}${Date.now().toString(36)}`
  const saved = { PUBLIC_URL: process.env.PUBLIC_URL, NUXT_PUBLIC_URL: process.env.NUXT_PUBLIC_URL }
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name)
      else process.env[name] = value
    }
  })
  // No SMTP server is configured here: the mail goes to the development outbox.
  const rowsOf = (school: School, messageId: string) => school.database.db.select().from(messageRecipients)
    .where(and(eq(messageRecipients.schoolId, school.id), eq(messageRecipients.messageId, messageId)))
  const mailTo = async (school: School, to: string) => (await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, to)))[0]

  it('sends a message\'s mail when its write commits, long before the poll, and a stopped loop holds no row', async () => {
    const school = await newSchool({ name: 'Loop Wake School' })
    const email = `${tag}-wake@example.org`
    await seedFamily(school, '7', email)
    // A poll of two seconds: only the commit's wake can send within the wait below.
    const loop = startWorkerLoop(school.database, messageDeliveryQueue, { messageSchools: [school.id] })!
    await new Promise(resolve => setTimeout(resolve, 100))
    const sent = await sendMessage(school.context, { subject: 'Sport', body: 'Sport is on.', audience: ['year:7'] })
    for (let i = 0; i < 30 && !await mailTo(school, email); i++) await new Promise(resolve => setTimeout(resolve, 25))
    expect(await mailTo(school, email)).toBeDefined()
    await loop.stop()
    expect(await rowsOf(school, sent.id)).toMatchObject([{ status: 'sent', attempts: 1, leaseOwner: null }])
  })

  it('names the portal at PUBLIC_URL, the one public address, whatever NUXT_PUBLIC_URL says', async () => {
    process.env.PUBLIC_URL = 'https://school.example.org/'
    process.env.NUXT_PUBLIC_URL = 'https://elsewhere.example.org'
    const school = await newSchool({ name: 'Loop Address School' })
    const email = `${tag}-address@example.org`
    await seedFamily(school, '8', email)
    await sendMessage(school.context, { subject: 'Camp', body: 'Camp is on.', audience: ['year:8'] })
    expect(await deliverDueMessages(school.database, { schoolIds: [school.id] })).toBe(1)
    const mail = await mailTo(school, email)
    expect(mail!.text).toContain('https://school.example.org/family/messages')
    expect(mail!.text).not.toContain('elsewhere')
  })

  it('stopping mid-batch: the mail in flight is finished and recorded, the rows not reached are freed at once', async () => {
    const school = await newSchool({ name: 'Loop Stop School' })
    await seedFamily(school, '9', `${tag}-stop1@example.org`, `${tag}-stop2@example.org`, `${tag}-stop3@example.org`)
    const sent = await sendMessage(school.context, { subject: 'Fair', body: 'The fair is on.', audience: ['year:9'] })
    let stopping = false
    const mailed: string[] = []
    const attempted = await deliverDueMessages(school.database, {
      schoolIds: [school.id],
      stopping: () => stopping,
      // The stop comes while the first mail is with the mail server.
      mailer: async (_database, mail) => {
        mailed.push(mail.to)
        stopping = true
        return undefined
      }
    })
    expect([attempted, mailed.length]).toEqual([1, 1])
    const rows = await rowsOf(school, sent.id)
    expect(rows.filter(row => row.status === 'sent')).toMatchObject([{ email: mailed[0], attempts: 1, leaseOwner: null }])
    expect(rows.filter(row => row.status === 'pending')).toMatchObject([{ attempts: 0, leaseOwner: null }, { attempts: 0, leaseOwner: null }])
  })
})
