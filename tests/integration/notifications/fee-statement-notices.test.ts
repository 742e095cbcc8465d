import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { messageRecipients, messages, messageVersions } from '../../../db/schema'
import { createFeeSchedule, editFeeDraft, publishFeeVersion } from '../../../server/domain/fees/fee-schedules'
import { readFeeVersion } from '../../../server/domain/fees/read-fees'
import { setBillingSplit } from '../../../server/domain/billing/set-billing-split'
import { insertPerson } from '../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { setNotificationChoices } from '../../../server/domain/notifications/notification-choices'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'
import { seedPortalFamilies } from '../../support/portal-families'
import { uniqueEmail } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** A schedule for next year with one term and one tuition line, for the year levels given (every one when none). */
async function draftSchedule(school: School, year: number, name: string, yearLevels: string[] = []) {
  const { versionId } = await createFeeSchedule(school.context, { name, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
  await editFeeDraft(school.context, versionId, {
    periods: [{ name: 'Term 1', kind: 'term', startsOn: `${year}-01-28`, endsOn: `${year}-04-09` }],
    lines: [{ category: 'tuition', description: 'Tuition', amount: 150_000, period: null, yearLevels, campusId: null }],
    concessionRules: []
  })
  return versionId
}

/*
 * Issue 38's `fees` notices: publishing a fee version tells each adult paying a part of a statement it
 * charges, with `billing` standing on the student (the portal's Fees' rule), that their statement is
 * ready, through sendMessage, so each adult's choice for `fees` holds. Families as seedPortalFamilies
 * makes them: each child's payers, a separated parent a court order keeps from details.
 */
describe('a published fee version tells its payers', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let grandparent: string
  let year: number

  beforeAll(async () => {
    school = await newSchool({ name: 'Fee Notices School' })
    families = await seedPortalFamilies(school)
    year = Number(families.today.slice(0, 4)) + 1
    grandparent = await writeChanges(school.context, (tx, changes) =>
      insertPerson(tx, changes, school.id, { familyName: 'Tuhoe', givenNames: 'Koro', email: uniqueEmail('koro') }))
    // Rua's fees shared with a grandparent who holds no responsibility: a payer the portal shows no Fees to.
    await setBillingSplit(school.context, families.rua, {
      category: 'all', from: '2024-01-29', shares: [{ payerId: families.guardian, share: 5000 }, { payerId: grandparent, share: 5000 }]
    })
    // An order keeping Rua's guardian from the school's messages, not from her bills.
    await recordCourtOrder(school.context, families.rua, {
      kind: 'parenting_order', restrainedPersonId: families.guardian, purposes: ['messages'], validFrom: families.lastMonth, validTo: null
    })
    await setNotificationChoices(school.context, families.mother, { choices: [{ kind: 'fees', channel: 'email', mode: 'off' }] })
    await setNotificationChoices(school.context, families.father, { choices: [{ kind: 'fees', channel: 'email', mode: 'digest' }] })
    await updateSchoolSettings(school.context, { languages: ['es'] })
    school = { ...school, context: systemContext(school.database, await requireSchool(school.database, school.id), 'test') }
  })

  it('queues one `fees` notice to the payers with billing standing, each as they chose, naming no child', async () => {
    const versionId = await draftSchedule(school, year, `${year} fees`)
    await publishFeeVersion(school.context, versionId)
    const [notice, ...more] = await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))
    expect(more).toEqual([])
    expect(notice).toMatchObject({ kind: 'fees', audience: JSON.stringify([`payers:${versionId}`]), subject: 'Your fee statement is ready' })
    expect(notice!.body).toContain(`${year} fees`)
    expect(notice!.body).toContain('/family/fees')
    const recipients = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, notice!.id))
    const statusOf = Object.fromEntries(recipients.map(row => [row.adultId, row.status]))
    // The separated parent (kept from details) and the grandparent (no responsibility) see no Fees, and are not told.
    expect(statusOf).toEqual({
      [families.mother]: 'off', [families.father]: 'held', [families.resident]: 'no_address', [families.safe]: 'no_address',
      [families.guardian]: 'no_address', [families.staffParent]: 'no_address'
    })
    const children = ['Aroha', 'Tama', 'Mere', 'Rua', 'Wiremu']
    const [spanish] = await school.database.db.select().from(messageVersions).where(eq(messageVersions.messageId, notice!.id))
    expect(spanish).toMatchObject({ language: 'es', subject: 'Su estado de cuotas está listo' })
    for (const text of [notice!.subject, notice!.body, spanish!.subject, spanish!.body]) {
      for (const child of children) expect(text).not.toContain(child)
    }
  })

  it('publishes a version that charges nobody, and writes no notice', async () => {
    const before = await school.database.db.select({ id: messages.id }).from(messages).where(eq(messages.schoolId, school.id))
    const versionId = await draftSchedule(school, year, 'Senior camp', ['12'])
    await publishFeeVersion(school.context, versionId)
    expect(await readFeeVersion(school.context, versionId)).toMatchObject({ state: 'published' })
    const after = await school.database.db.select({ id: messages.id }).from(messages).where(eq(messages.schoolId, school.id))
    expect(after).toHaveLength(before.length)
  })
})
