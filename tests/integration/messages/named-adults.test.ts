import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, people } from '../../../db/schema'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { deliverDueMessages } from '../../support/message-queue'
import { portalMessages, readPortalMessage } from '../../../server/domain/messages/portal-messages'
import { previewAudience, sendMessage } from '../../../server/domain/messages/send-message'
import { addDays } from '../../../server/domain/days/calendar'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Issue 35, point 5: what the office is answered about an adult named in an audience (`adult:<id>`) is
 * the same whether or not a court order or a flag withholds them: listed in the preview, accepted on
 * sending (never `audience_empty`), counted with their child. The mail of one withheld is queued as
 * any other and recorded `withheld` by the worker, never sent and never shown in their portal.
 */
describe('an adult named in an audience, withheld or not', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>

  beforeAll(async () => {
    school = await newSchool({ name: 'Named Adults School' })
    families = await seedPortalFamilies(school)
    // Both of Tama's parents with an address, so the worker would mail either.
    await school.database.transaction(async (tx) => {
      await tx.update(people).set({ email: 'manaia@example.org' }).where(eq(people.id, families.separated))
      await tx.update(people).set({ email: 'kiri@example.org' }).where(eq(people.id, families.resident))
    })
  })

  const shape = (preview: Awaited<ReturnType<typeof previewAudience>>) =>
    ({ ...preview, adults: preview.adults.map(({ id: _id, familyName: _f, givenNames: _g, ...rest }) => rest) })

  it('previews the separated parent (an order) and the unsafe parent (a flag) exactly as their child\'s other parent: listed, with their child', async () => {
    const resident = await previewAudience(school.context, [`adult:${families.resident}`])
    const separated = await previewAudience(school.context, [`adult:${families.separated}`])
    const safe = await previewAudience(school.context, [`adult:${families.safe}`])
    const unsafe = await previewAudience(school.context, [`adult:${families.unsafe}`])
    expect(separated.adults.map(adult => adult.id)).toEqual([families.separated])
    expect(unsafe.adults.map(adult => adult.id)).toEqual([families.unsafe])
    expect(shape(separated)).toEqual(shape(resident))
    expect(shape(unsafe)).toEqual(shape(safe))
    expect(resident).toMatchObject({ adultCount: 1, childCount: 1, leftOut: 'not_counted', leftOutCount: null })
    // With a group beside them, the named adult's child counts as for any named adult.
    const withYear = await previewAudience(school.context, ['year:3', `adult:${families.unsafe}`])
    expect(withYear.adults.map(adult => adult.id)).toContain(families.unsafe)
    expect(withYear.childCount).toBe((await previewAudience(school.context, ['year:3', `adult:${families.safe}`])).childCount)
  })

  it('accepts a message to a withheld named adult, records the mail withheld without a reason, and never sends or shows it', async () => {
    const toSeparated = await sendMessage(school.context, { subject: 'A note', body: 'About Tama.', audience: [`adult:${families.separated}`] })
    const toResident = await sendMessage(school.context, { subject: 'A note', body: 'About Tama.', audience: [`adult:${families.resident}`] })
    const { id: _a, createdAt: _b, ...separatedAnswer } = toSeparated
    const { id: _c, createdAt: _d, ...residentAnswer } = toResident
    expect(separatedAnswer).toEqual(residentAnswer)
    const recipientOf = async (messageId: string) => (await school.database.db.select().from(messageRecipients)
      .where(and(eq(messageRecipients.schoolId, school.id), eq(messageRecipients.messageId, messageId))))
    // Queued as anyone's mail, so the office's list moves for them as for a told adult; the worker withholds it when it would send.
    const [withheld] = await recipientOf(toSeparated.id)
    expect(withheld).toMatchObject({ adultId: families.separated, status: 'pending', lastError: null })
    expect((await recipientOf(toResident.id))[0]).toMatchObject({ adultId: families.resident, status: 'pending' })
    const mails: string[] = []
    await deliverDueMessages(school.database, { schoolIds: [school.id], mailer: async (_database, mail) => void mails.push(mail.to) })
    expect(mails).toEqual(['kiri@example.org'])
    expect((await recipientOf(toSeparated.id))[0]!.status).toBe('withheld')
    expect((await portalMessages(school.context, families.separated, { limit: 10 })).items).toEqual([])
    await expect(readPortalMessage(school.context, families.separated, toSeparated.id, { markRead: true })).rejects.toMatchObject({ code: 'not_found' })
    expect((await portalMessages(school.context, families.resident, { limit: 10 })).items.map(item => item.id)).toEqual([toResident.id])
  })

  it('asks for consent through a withheld named adult as through any other: the ask is made, never audience_empty', async () => {
    const purpose = await createConsentPurpose(school.context, { name: 'Swimming', aboutNamedThing: false, lasting: 'standing' })
    const ask = (adultId: string) =>
      createConsentAsk(school.context, { purposeId: purpose.id, audience: [`adult:${adultId}`], closesOn: addDays(families.today, 7), answeredBy: 'any_adult' })
    expect((await ask(families.unsafe)).childCount).toBe((await ask(families.safe)).childCount)
    expect((await ask(families.separated)).childCount).toBe(1)
  })
})
