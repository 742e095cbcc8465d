import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { people } from '../../../db/schema'
import { roleCapabilities } from '../../../server/domain/access/roles'
import { deliverDueMessages } from '../../support/message-queue'
import { listMessages, messageRecipientsPage, readMessage, sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import type { DomainContext } from '../../../server/domain/shared/context'
import { todayInZone } from '../../../server/domain/days/clock'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * What the office is shown of a mail standing withheld (the review of issue 35): a member of staff
 * without `restricted.read` sees the recipient and the tallies exactly as if the adult had been told, so
 * the recipients list tells nobody who is kept from a child; one holding `restricted.read` sees it
 * `withheld`, counted apart.
 */
describe('withheld recipients as the office is shown them', () => {
  let school: School
  let office: DomainContext
  let day: string
  const deliver = () => deliverDueMessages(school.database, { schoolIds: [school.id], mailer: async () => undefined })

  /** A child in `yearLevel` with two parents holding responsibility, each at an address unless `withoutAddress`. */
  const seedChild = (yearLevel: string, name: string, withoutAddress = false) => writeChanges(school.context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: name, givenNames: 'Child', dateOfBirth: '2014-03-04' })
    await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
    const parent = async (given: string) => {
      const id = await insertPerson(
        tx, changes, school.id,
        { familyName: name, givenNames: given, email: withoutAddress ? null : `${name}-${given}-${school.id}@example.org`.toLowerCase() }
      )
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: id, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
      )
      return id
    }
    return { child, told: await parent('Told'), kept: await parent('Kept') }
  })
  const keepFromMessages = (childId: string, adultId: string) =>
    recordCourtOrder(school.context, childId, { kind: 'parenting_order', restrainedPersonId: adultId, purposes: ['messages'], validFrom: day, validTo: null })
  const rowsOf = async (ctx: DomainContext, messageId: string) => {
    const page = await messageRecipientsPage(ctx, messageId, { limit: 50 })
    return new Map(page.items.map(item => [item.adult.id, item]))
  }
  /** A recipient as it reads with the adult and the moments left out: what must not differ between told and withheld. */
  const shape = (row: { adult: unknown, id: string, email: string | null, sentAt: string | null }) => {
    const { adult: _adult, id: _id, email, sentAt, ...rest } = row
    return { ...rest, email: email === null ? null : 'address', sentAt: sentAt === null ? null : 'time' }
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Withheld Recipients School' })
    office = { ...school.context, capabilities: await roleCapabilities(school.database, school.id, 'office') }
    expect(office.capabilities.has('restricted.read')).toBe(false)
    day = todayInZone(school.school.timeZone)
  })

  it('a mail withheld by the worker (an order recorded after sending) reads to the office as sent, and counts as sent', async () => {
    const { child, told, kept } = await seedChild('7', 'Worker')
    const sent = await sendMessage(office, { subject: 'Camp', body: 'Camp is on Monday.', audience: ['year:7'] })
    await keepFromMessages(child, kept)
    expect(await deliver()).toBe(2)

    const shown = await rowsOf(office, sent.id)
    expect(shown.get(kept)).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(String), readAt: null })
    expect(shape(shown.get(kept)!)).toEqual(shape(shown.get(told)!))
    const told2 = { adultCount: 2, sentCount: 2, pendingCount: 0, bouncedCount: 0, withheldCount: 0 }
    expect(await readMessage(office, sent.id)).toMatchObject(told2)
    expect((await listMessages(office, { limit: 50 })).items.find(item => item.id === sent.id)).toMatchObject(told2)

    // Who holds restricted.read may know: the mail is withheld, never sent, counted apart.
    const restricted = await rowsOf(school.context, sent.id)
    expect(restricted.get(kept)).toMatchObject({ status: 'withheld', attempts: 0, lastError: null, sentAt: null })
    expect(await readMessage(school.context, sent.id)).toMatchObject({ sentCount: 1, withheldCount: 1 })
  })

  it('a named adult standing withholds moves through the list as a told one does: waiting, then sent', async () => {
    const { child, told, kept } = await seedChild('8', 'Named')
    await keepFromMessages(child, kept)
    const toKept = await sendMessage(office, { subject: 'A note', body: 'About your child.', audience: [`adult:${kept}`] })
    const toTold = await sendMessage(office, { subject: 'A note', body: 'About your child.', audience: [`adult:${told}`] })
    const only = async (messageId: string) => shape([...(await rowsOf(office, messageId)).values()][0]!)
    expect(await only(toKept.id)).toEqual(await only(toTold.id))
    expect(await only(toKept.id)).toMatchObject({ status: 'pending' })
    expect(await deliver()).toBe(2)
    expect(await only(toKept.id)).toEqual(await only(toTold.id))
    expect(await only(toKept.id)).toMatchObject({ status: 'sent', attempts: 1 })
    const { id: _k, createdAt: _kc, subject: _ks, ...keptTally } = await readMessage(office, toKept.id)
    const { id: _t, createdAt: _tc, subject: _ts, ...toldTally } = await readMessage(office, toTold.id)
    expect({ ...keptTally, audience: null }).toEqual({ ...toldTally, audience: null })
    expect((await rowsOf(school.context, toKept.id)).get(kept)).toMatchObject({ status: 'withheld' })
  })

  it('a withheld adult with no address reads as any adult with no address: portal only', async () => {
    const { child, told, kept } = await seedChild('9', 'Nomail', true)
    await keepFromMessages(child, kept)
    expect((await school.database.db.select({ email: people.email }).from(people).where(eq(people.id, kept)))[0]!.email).toBeNull()
    const toKept = await sendMessage(office, { subject: 'A note', body: 'About your child.', audience: [`adult:${kept}`] })
    const toTold = await sendMessage(office, { subject: 'A note', body: 'About your child.', audience: [`adult:${told}`] })
    const keptRow = (await rowsOf(office, toKept.id)).get(kept)!
    expect(keptRow).toMatchObject({ status: 'no_address', email: null, sentAt: null })
    expect(shape(keptRow)).toEqual(shape((await rowsOf(office, toTold.id)).get(told)!))
    expect((await rowsOf(school.context, toKept.id)).get(kept)).toMatchObject({ status: 'withheld' })
  })
})
