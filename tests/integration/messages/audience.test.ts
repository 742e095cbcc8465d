import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { campuses, messages } from '../../../db/schema'
import { setClub } from '../../../server/domain/clubs/club-members'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { reachOf, resolveGroups } from '../../../server/domain/messages/audience'
import { previewAudience, sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { addDays } from '../../../server/domain/days/calendar'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { seedClass, seedYearFamilies } from '../../support/consent-fixtures'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Who an audience reaches (docs/messages.md, "Audiences"; server/domain/messages/audience.ts): each group
 * names children, standing on the day decides which of their adults may be told, and the adults it
 * keeps out are a number only. One rule a test. The school: the portal families in year 3 at the
 * Riverside campus (tests/support/portal-families.ts: Aroha's mother and father; Tama's resident parent,
 * and his separated parent whom a court order keeps from details; Mere's safe adult, and the parent a
 * flag does not name; Rua's guardian, and the carer whose responsibility ended; Wiremu's parent), a
 * year 3 leaver, a year 7 parent of two, and Ana in year 4, whose only parent an order keeps from messages.
 */
describe('who a message\'s audience reaches', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let year7: Awaited<ReturnType<typeof seedYearFamilies>>
  let kept: { child: string, parent: string }
  let leaver: { child: string, parent: string }

  beforeAll(async () => {
    school = await newSchool({ name: 'Audience School', campuses: [{ name: 'Riverside', sisCode: 'RIV' }] })
    const [riverside] = await school.database.db.select({ id: campuses.id }).from(campuses).where(eq(campuses.sisCode, 'RIV'))
    families = await seedPortalFamilies(school, riverside!.id)
    year7 = await seedYearFamilies(school, '7', 1, `audience${process.pid}-`)
    const addFamily = (familyName: string, yearLevel: string, validTo: string | null) => writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName, givenNames: 'Child', dateOfBirth: '2016-01-01' })
      const parent = await insertPerson(tx, changes, school.id, { familyName, givenNames: 'Parent', email: `${familyName.toLowerCase()}@example.org` })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', validTo, yearLevel, campusId: null })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: parent, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
      )
      return { child, parent }
    })
    leaver = await addFamily('Leaver', '3', families.lastMonth)
    kept = await addFamily('Rewi', '4', null)
    await recordCourtOrder(
      school.context, kept.child,
      { kind: 'parenting_order', restrainedPersonId: kept.parent, purposes: ['details', 'messages'], validFrom: families.lastMonth, validTo: null }
    )
    await seedClass(school, '3A', [families.aroha, families.tama])
    await setClub(school.context, 'rowing', [families.mere, year7.children[0]!])
  })

  const everyAdultOfYear3 = () => [families.mother, families.father, families.resident, families.safe, families.guardian, families.staffParent]
  const reached = async (audience: string[]) => {
    const preview = await previewAudience(school.context, audience)
    return { adults: preview.adults.map(adult => adult.id).sort(), childCount: preview.childCount }
  }
  /** Who standing leaves out of the audience for messages today, as reachOf counts them. */
  async function leftOut(audience: string[]) {
    const resolved = await resolveGroups(school.context, audience, families.today)
    return (await reachOf(school.context, resolved.entries, 'messages', families.today)).leftOutCount
  }
  const sentMessages = async () => (await school.database.db.select({ id: messages.id }).from(messages).where(eq(messages.schoolId, school.id))).length

  it('year:<level> reaches the students at that level today (not one who has left) and their adults standing lets be told', async () => {
    expect(await reached(['year:3'])).toEqual({ adults: everyAdultOfYear3().sort(), childCount: 5 })
    expect((await reached(['year:3'])).adults).not.toContain(leaver.parent)
  })

  it('class:<code> reaches the members of the class today', async () => {
    expect(await reached(['class:3A'])).toEqual({ adults: [families.mother, families.father, families.resident].sort(), childCount: 2 })
  })

  it('campus:<code> reaches the campus\'s students by its SIS code or by its name in any case', async () => {
    const expected = { adults: everyAdultOfYear3().sort(), childCount: 5 }
    expect(await reached(['campus:RIV'])).toEqual(expected)
    expect(await reached(['campus:riverside'])).toEqual(expected)
  })

  it('activity:<name> reaches the children of the school\'s club of that name', async () => {
    expect(await reached(['activity:rowing'])).toEqual({ adults: [families.safe, year7.parents[0]!.id].sort(), childCount: 2 })
  })

  it('ask:<id>:unanswered reaches, for each child still at not yet, only the adults with standing who have not answered', async () => {
    const purpose = await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })
    const ask = await createConsentAsk(
      school.context,
      { purposeId: purpose.id, subject: 'Zoo', audience: ['class:3A'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' }
    )
    await recordConsentAnswer(school.context, { askId: ask.id, childId: families.aroha, adultId: families.mother, answer: 'yes' })
    expect(await reached([`ask:${ask.id}:unanswered`])).toEqual({ adults: [families.father, families.resident].sort(), childCount: 2 })
    await recordConsentAnswer(school.context, { askId: ask.id, childId: families.aroha, adultId: families.father, answer: 'yes' })
    expect(await reached([`ask:${ask.id}:unanswered`])).toEqual({ adults: [families.resident], childCount: 1 })
  })

  it('adult:<id> reaches that adult alone, through their children', async () => {
    expect(await reached([`adult:${families.mother}`])).toEqual({ adults: [families.mother], childCount: 1 })
  })

  it('counts a child named by two groups once, and reaches an adult of two children in the audience once', async () => {
    expect(await reached(['year:3', 'class:3A', 'campus:RIV'])).toEqual({ adults: everyAdultOfYear3().sort(), childCount: 5 })
    expect(await reached(['year:7'])).toEqual({ adults: [year7.parents[0]!.id], childCount: 2 })
  })

  it('leaves out, as a number, the adults holding responsibility whom an order or a flag keeps from messages: not a carer whose '
    + 'responsibility ended', async () => {
    // The separated parent (an order on details) and the parent the flag does not name; not the former carer.
    expect(await leftOut(['year:3'])).toBe(2)
    expect(await leftOut(['year:4'])).toBe(1)
    expect(await leftOut(['year:3', 'year:4'])).toBe(3)
    expect(await leftOut(['class:3A'])).toBe(1)
    expect(await leftOut(['year:7'])).toBe(0)
  })

  it('leaves no adult out whom the audience reaches through another child', async () => {
    // The parent the flag keeps from Mere is also the parent of a child in year 5 with no flag.
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Walker', givenNames: 'Niko', dateOfBirth: '2014-01-01' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '5', campusId: null })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: families.unsafe, childId: child, relationship: 'parent', validFrom: '2014-01-01', validTo: null }
      )
    })
    expect(await leftOut(['year:3', 'year:5'])).toBe(1)
    const preview = await reached(['year:3', 'year:5'])
    expect(preview.adults).toContain(families.unsafe)
    expect(preview.childCount).toBe(6)
    expect((await reached(['year:5'])).adults).toEqual([families.unsafe])
  })

  it('names every group nothing at the school answers (audience_unknown), and writes nothing', async () => {
    const before = await sentMessages()
    const unknown = ['year:99', 'class:9Z', 'campus:NOWHERE', 'activity:chess', 'ask:cak_doesnotexist0000000000:unanswered', 'adult:per_doesnotexist00000000']
    await expect(sendMessage(school.context, { subject: 'Hello', body: 'Hello.', audience: ['year:3', ...unknown] }))
      .rejects.toMatchObject({
        code: 'audience_unknown', detail: unknown.map(group => `Nothing at the school answers to ${group}.`), extras: { data: { groups: unknown } }
      })
    expect(await sentMessages()).toBe(before)
  })

  it('refuses an audience standing lets nobody be told (audience_empty), and writes nothing', async () => {
    const before = await sentMessages()
    await expect(sendMessage(school.context, { subject: 'Year 4', body: 'Hello.', audience: ['year:4'] })).rejects.toMatchObject({ code: 'audience_empty' })
    expect(await sentMessages()).toBe(before)
  })
})
