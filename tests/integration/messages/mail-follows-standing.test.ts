import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, people } from '../../../db/schema'
import { configureMail } from '../../../server/domain/mail/send-mail'
import { deliverDueMessages } from '../../support/message-queue'
import { portalMessages, readPortalMessage } from '../../../server/domain/messages/portal-messages'
import { messageRecipientsPage, sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { todayInZone } from '../../../server/domain/days/clock'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'
import { startSmtpReceiver, type SmtpReceiver } from '../../support/smtp-receiver'

type School = Awaited<ReturnType<typeof newSchool>>

/** A court order from the day on, keeping the adult from the child's messages. */
function keepFromMessages(school: School, childId: string, adultId: string, day: string) {
  const order = { kind: 'parenting_order', restrainedPersonId: adultId, purposes: ['messages'], validFrom: day, validTo: null } as const
  return recordCourtOrder(school.context, childId, order)
}

/** Children at a year level, each with the adults named (by their address) holding responsibility. */
function seedChildren(school: School, yearLevel: string, children: Record<string, string[]>) {
  return writeChanges(school.context, async (tx, changes) => {
    const adults = new Map<string, string>()
    const ids: Record<string, string> = {}
    for (const [name, emails] of Object.entries(children)) {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Standing', givenNames: name, dateOfBirth: '2014-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
      for (const email of emails) {
        if (!adults.has(email)) {
          adults.set(email, await insertPerson(tx, changes, school.id, { familyName: 'Standing', givenNames: email.split('@')[0]!, email }))
        }
        await insertParentalResponsibility(
          tx, changes, school.school, { adultId: adults.get(email)!, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
        )
      }
      ids[name] = child
    }
    return { children: ids, adults: Object.fromEntries(adults) }
  })
}

/*
 * Mail follows standing at the moment it goes: a court order or a protection flag recorded after the
 * message was sent keeps its queued mail from the adults it now withholds the child from. The worker
 * runs against a real (loopback) SMTP server; the withheld are recorded `withheld`, with no reason.
 */
describe('the message worker asks standing when it sends', () => {
  let receiver: SmtpReceiver
  const tag = `mfs${process.pid}`
  const address = (name: string) => `${tag}-${name}@example.org`

  beforeAll(async () => {
    receiver = await startSmtpReceiver()
    configureMail({ smtpUrl: receiver.url })
  })
  afterAll(async () => {
    configureMail({})
    await receiver.close()
  })

  const deliveredTo = () => receiver.mails.flatMap(mail => mail.to).filter(to => to.startsWith(`${tag}-`)).sort()
  const recipientsOf = (school: School, messageId: string) => school.database.db.select().from(messageRecipients)
    .where(and(eq(messageRecipients.schoolId, school.id), eq(messageRecipients.messageId, messageId)))

  it('a court order limiting messages, recorded after the send: nothing goes to the adult it names, who is recorded withheld', async () => {
    const school = await newSchool({ name: 'Mail Order School' })
    const day = todayInZone(school.school.timeZone)
    const { children, adults } = await seedChildren(school, '9', {
      Ari: [address('ari-mother'), address('ari-father')],
      // Reached through two children, limited on one only: still told, through the other.
      Bea: [address('twin-parent')],
      Cai: [address('twin-parent')]
    })
    const sent = await sendMessage(school.context, { subject: 'Camp', body: 'Camp is on Monday.', audience: ['year:9'] })
    expect(sent.adultCount).toBe(3)
    const rows = await recipientsOf(school, sent.id)
    expect(JSON.parse(rows.find(row => row.adultId === adults[address('twin-parent')])!.childIds).sort()).toEqual([children.Bea, children.Cai].sort())

    await keepFromMessages(school, children.Ari!, adults[address('ari-father')]!, day)
    await keepFromMessages(school, children.Bea!, adults[address('twin-parent')]!, day)
    const before = deliveredTo().length
    expect(await deliverDueMessages(school.database, { schoolIds: [school.id] })).toBe(3)

    expect(deliveredTo().length - before).toBe(2)
    expect(deliveredTo()).toEqual(expect.arrayContaining([address('ari-mother'), address('twin-parent')]))
    expect(deliveredTo()).not.toContain(address('ari-father'))
    const father = (await recipientsOf(school, sent.id)).find(row => row.adultId === adults[address('ari-father')])
    // No attempt, no reason; the moment the worker withheld it is kept (the office without restricted.read is shown it as the sending).
    expect(father).toMatchObject({ status: 'withheld', attempts: 0, lastError: null, sentAt: expect.any(String), leaseOwner: null })
    // A caller holding restricted.read is told it was withheld, never why; the adult's portal does not hold it.
    const page = await messageRecipientsPage(school.context, sent.id, { limit: 10 })
    const shown = page.items.find(item => item.adult.id === adults[address('ari-father')])!
    expect(shown).toMatchObject({ status: 'withheld', lastError: null, sentAt: null })
    expect(JSON.stringify(page)).not.toMatch(/order|court|flag/i)
    expect((await portalMessages(school.context, adults[address('ari-father')]!, { limit: 10 })).items).toEqual([])
    expect((await portalMessages(school.context, adults[address('ari-mother')]!, { limit: 10 })).items.map(item => item.id)).toEqual([sent.id])
    // Withheld for good: a later round sends nothing more.
    expect(await deliverDueMessages(school.database, { schoolIds: [school.id] })).toBe(0)
  })

  it('a protection flag recorded after the send: nothing goes to the adults it does not name as safe', async () => {
    const school = await newSchool({ name: 'Mail Flag School' })
    const day = todayInZone(school.school.timeZone)
    const { children, adults } = await seedChildren(school, '10', { Tama: [address('tama-safe'), address('tama-other')] })
    const sent = await sendMessage(school.context, { subject: 'Excursion', body: 'The excursion is on Friday.', audience: ['year:10'] })
    expect(sent.adultCount).toBe(2)
    await recordProtectionFlag(school.context, children.Tama!, { kind: 'family_violence', validFrom: day, safeAdultIds: [adults[address('tama-safe')]!] })
    const before = deliveredTo()
    expect(await deliverDueMessages(school.database, { schoolIds: [school.id] })).toBe(2)
    const now = deliveredTo()
    expect(now.length - before.length).toBe(1)
    expect(now).toContain(address('tama-safe'))
    expect(now).not.toContain(address('tama-other'))
    const rows = await recipientsOf(school, sent.id)
    expect(rows.find(row => row.adultId === adults[address('tama-other')])).toMatchObject({ status: 'withheld', attempts: 0, lastError: null })
    expect(rows.find(row => row.adultId === adults[address('tama-safe')])).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('the portal asks standing when it shows: a message reached through a child since withheld vanishes from list and read, address or not', async () => {
    const school = await newSchool({ name: 'Portal Order School' })
    const day = todayInZone(school.school.timeZone)
    const { children, adults } = await seedChildren(school, '11', {
      Huia: [address('huia-nomail'), address('huia-mailed'), address('huia-mother')],
      Kea: [address('kea-parent')],
      Moa: [address('kea-parent')]
    })
    // An adult with no address is told in the portal alone: nothing is queued for them, so the worker never asks.
    await school.database.transaction(tx => tx.update(people).set({ email: null }).where(eq(people.id, adults[address('huia-nomail')]!)))
    const sent = await sendMessage(school.context, { subject: 'Sports day', body: 'Sports day is on Tuesday.', audience: ['year:11'] })
    const nomail = adults[address('huia-nomail')]!
    expect((await recipientsOf(school, sent.id)).find(row => row.adultId === nomail)).toMatchObject({ status: 'no_address', email: null })
    const inbox = async (adultId: string) => (await portalMessages(school.context, adultId, { limit: 10 })).items.map(item => item.id)
    expect(await inbox(nomail)).toEqual([sent.id])

    await keepFromMessages(school, children.Huia!, nomail, day)
    await keepFromMessages(school, children.Huia!, adults[address('huia-mailed')]!, day)
    await keepFromMessages(school, children.Kea!, adults[address('kea-parent')]!, day)
    // Before the worker has run (the mailed adult's row is still pending), and for the adult it never queues.
    for (const withheld of [nomail, adults[address('huia-mailed')]!]) {
      expect(await inbox(withheld)).toEqual([])
      await expect(readPortalMessage(school.context, withheld, sent.id, { markRead: true })).rejects.toMatchObject({ code: 'not_found' })
    }
    expect((await recipientsOf(school, sent.id)).find(row => row.adultId === nomail)!.readAt).toBeNull()
    // Still told: a mother the order does not name, and a parent reached through a second child the order leaves alone.
    expect(await inbox(adults[address('huia-mother')]!)).toEqual([sent.id])
    expect(await inbox(adults[address('kea-parent')]!)).toEqual([sent.id])
    expect(await readPortalMessage(school.context, adults[address('kea-parent')]!, sent.id, { markRead: true }))
      .toMatchObject({ id: sent.id, readAt: expect.any(String) })
  })

  it('a recipient written before recipients kept their children is withheld alike by the worker and the portal, and pages stay full', async () => {
    const school = await newSchool({ name: 'Mail Before Children School' })
    const { adults } = await seedChildren(school, '12', { Rua: [address('rua-parent')], Tui: [address('tui-nomail')] })
    await school.database.transaction(tx => tx.update(people).set({ email: null }).where(eq(people.id, adults[address('tui-nomail')]!)))
    const parent = adults[address('rua-parent')]!
    const first = await sendMessage(school.context, { subject: 'First', body: 'One.', audience: ['year:12'] })
    const older = await sendMessage(school.context, { subject: 'Older', body: 'Two.', audience: ['year:12'] })
    const last = await sendMessage(school.context, { subject: 'Last', body: 'Three.', audience: ['year:12'] })
    // The middle message's rows as the migration left rows queued before child_ids existed: no children kept.
    await school.database.transaction(tx => tx.update(messageRecipients).set({ childIds: '[]' }).where(eq(messageRecipients.messageId, older.id)))
    const before = deliveredTo().length
    expect(await deliverDueMessages(school.database, { schoolIds: [school.id] })).toBe(3)
    expect(deliveredTo().length - before).toBe(2)
    const rows = await recipientsOf(school, older.id)
    expect(rows.find(row => row.adultId === parent)).toMatchObject({ status: 'withheld', attempts: 0, sentAt: expect.any(String), lastError: null })
    // The adult with no address: never queued, and not shown either.
    expect(rows.find(row => row.adultId === adults[address('tui-nomail')])).toMatchObject({ status: 'no_address' })
    for (const adultId of [parent, adults[address('tui-nomail')]!]) {
      await expect(readPortalMessage(school.context, adultId, older.id, { markRead: false })).rejects.toMatchObject({ code: 'not_found' })
      // One a page: the page after the newest skips the withheld one and is still full.
      const one = await portalMessages(school.context, adultId, { limit: 1 })
      expect(one.items.map(item => item.id)).toEqual([last.id])
      const two = await portalMessages(school.context, adultId, { limit: 1, after: one.next! })
      expect(two.items.map(item => item.id)).toEqual([first.id])
      expect(two.next).toBeNull()
    }
  })
})
