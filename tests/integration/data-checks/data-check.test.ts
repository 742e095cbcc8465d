import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents, detailRequests, messages } from '../../../db/schema'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { startDataCheck } from '../../../server/domain/data-checks/start-data-check'
import { dataCheckProgress, listDataChecks } from '../../../server/domain/data-checks/list-data-checks'
import { remindDataCheck } from '../../../server/domain/data-checks/remind-data-check'
import { changeDataCheck } from '../../../server/domain/data-checks/change-data-check'
import { confirmDataCheck, correctDataCheck, portalDataCheck } from '../../../server/domain/data-checks/portal-data-check'
import { apiChildContacts, childCareOnRecord, recordChildContacts } from '../../../server/domain/data-checks/record-child-care'
import { approveDetailRequest, listDetailRequests } from '../../../server/domain/portal/detail-approvals'
import { portalHome } from '../../../server/domain/portal/portal-home'
import { listExportColumns } from '../../../server/domain/exports/column-classes'
import { portalDataCheckCorrectInput } from '../../../shared/schemas/data-checks'
import { seedClass, seedYearFamilies } from '../../support/consent-fixtures'
import { familySession } from '../../support/family-sessions'
import { newSchool } from '../../support/schools'
import { systemContext } from '../../../server/domain/shared/context'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'

type School = Awaited<ReturnType<typeof newSchool>>

async function refusal(work: Promise<unknown>) {
  try {
    await work
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, fields: error.extras.fields }
    throw error
  }
  throw new Error('Expected a refusal')
}

/*
 * Issue 40 point 5 at the level of its rules, on the suite's database: a data check for year 7, whose class 7B holds two
 * families and 7C one. One family confirms, one corrects a phone (a request in the office's queue), the third is
 * reminded; the progress per class, a child's contacts corrected and approved, and the integrations' read of them.
 */
describe('the yearly data check', () => {
  let school: School
  let today: string
  let checkId: string
  let families: { parents: { id: string, email: string }[], children: string[] }
  const accounts: string[] = []
  const caller = (i: number) => ({ adultId: families.parents[i]!.id, accountId: accounts[i]! })

  beforeAll(async () => {
    school = await newSchool({ name: 'Data Check School' })
    today = todayInZone(school.school.timeZone)
    families = await seedYearFamilies(school, '7', 3, `dck${process.pid}${Date.now().toString(36)}-`)
    // Family 0 has two children, families 1 and 2 one each: 7B holds families 0 and 1, 7C family 2.
    await seedClass(school, '7B', families.children.slice(0, 3))
    await seedClass(school, '7C', families.children.slice(3))
    for (const parent of families.parents) accounts.push((await familySession(school, parent.id)).accountId)
  })

  it('starts for a year level: every adult with details standing asked, about their children on the day', async () => {
    const check = await startDataCheck(school.context, { audience: 'year:7', closesOn: addDays(today, 14) })
    checkId = check.id
    expect(check).toMatchObject({ audience: 'year:7', open: true, counts: { adults: 3, children: 4, waiting: 3, confirmed: 0, corrected: 0 } })
    const [notice] = await school.context.database.db.select().from(messages).where(eq(messages.schoolId, school.id))
    expect(notice).toMatchObject({ kind: 'school' })
    expect(notice!.body).toContain('/family/data-check')
    expect((await listDataChecks(school.context)).items.map(item => item.id)).toEqual([checkId])
  })

  it('refuses an audience the school does not have and a closing day past, beside its field', async () => {
    expect(await refusal(startDataCheck(school.context, { audience: 'year:99', closesOn: addDays(today, 3) }))).toMatchObject({ code: 'audience_unknown' })
    expect(await refusal(startDataCheck(school.context, { audience: 'year:7', closesOn: addDays(today, -1) })))
      .toEqual({ code: 'validation_failed', fields: [{ path: 'closesOn', message: 'The closing day has passed.' }] })
  })

  it('shows the family the check on their front page and what is on file for each child', async () => {
    const home = await portalHome(school.context, { adultId: families.parents[0]!.id, preview: false }, today)
    expect(home.dataCheck).toEqual({ id: checkId, closesOn: addDays(today, 14) })
    const view = await portalDataCheck(school.context, families.parents[0]!.id, today)
    expect(view.check).toMatchObject({ id: checkId, state: 'waiting' })
    expect(view.children.map(child => child.child.givenNames)).toEqual(['Child0', 'Child1'])
  })

  it('records one family\'s confirmation, once', async () => {
    expect(await confirmDataCheck(school.context, families.parents[0]!.id, checkId, today)).toMatchObject({ state: 'confirmed' })
    expect(await refusal(confirmDataCheck(school.context, families.parents[0]!.id, checkId, today))).toMatchObject({ code: 'conflict' })
    expect((await portalHome(school.context, { adultId: families.parents[0]!.id, preview: false }, today)).dataCheck).toBeNull()
  })

  it('queues another family\'s corrected phone for the office, and marks them corrected', async () => {
    const answer = await correctDataCheck(school.context, caller(1), { checkId, own: { phone: '+64 21 555 0199' } }, today)
    expect(answer).toMatchObject({ state: 'corrected', requests: [expect.stringMatching(/^dcr_/)] })
    const queue = await listDetailRequests(school.context, { limit: 10 }, 'pending')
    expect(queue.items).toEqual([expect.objectContaining({
      adult: expect.objectContaining({ id: families.parents[1]!.id }), child: null, changes: [{ field: 'phone', before: null, after: '+64 21 555 0199' }]
    })])
    await approveDetailRequest(school.context, queue.items[0]!.id, queue.items[0]!.version)
  })

  it('shows the progress per class and reminds the one family still waiting', async () => {
    const progress = await dataCheckProgress(school.context, checkId, { limit: 10 })
    expect(progress.items).toEqual([
      { classCode: '7B', children: 3, adults: 2, waiting: 0, confirmed: 1, corrected: 1 },
      { classCode: '7C', children: 1, adults: 1, waiting: 1, confirmed: 0, corrected: 0 }
    ])
    const firstPage = await dataCheckProgress(school.context, checkId, { limit: 1 })
    expect(firstPage.items.map(item => item.classCode)).toEqual(['7B'])
    expect((await dataCheckProgress(school.context, checkId, { limit: 1, after: firstPage.next! })).items.map(item => item.classCode)).toEqual(['7C'])
    expect(await refusal(remindDataCheck(school.context, checkId, '7B'))).toMatchObject({ code: 'unprocessable' })
    expect(await remindDataCheck(school.context, checkId)).toMatchObject({ adults: 1 })
    const notices = await school.context.database.db.select().from(messages).where(eq(messages.schoolId, school.id))
    expect(notices).toHaveLength(2)
  })

  it('takes a child\'s corrected emergency contacts as a request about the child, written when approved', async () => {
    const child = families.children[3]!
    const input = portalDataCheckCorrectInput.parse({
      checkId, children: [{ childId: child, emergencyContacts: [{ name: 'Aunt Rua', phone: '+64 21 555 0123', relationship: 'aunt' }], medicalNeeds: [] }]
    })
    const answer = await correctDataCheck(school.context, caller(2), input, today)
    const [request] = await school.context.database.db.select().from(detailRequests).where(eq(detailRequests.id, answer.requests[0]!))
    expect(request).toMatchObject({ personId: families.parents[2]!.id, childId: child, state: 'pending' })
    // The medical needs sent were as on file (none): only the contacts are asked.
    expect(JSON.parse(request!.changes)).toEqual({ emergencyContacts: [{ personId: null, name: 'Aunt Rua', phone: '+64 21 555 0123', relationship: 'aunt' }] })
    await approveDetailRequest(school.context, request!.id, request!.version)
    expect((await childCareOnRecord(school.context, child)).emergencyContacts).toEqual([expect.objectContaining({ name: 'Aunt Rua', relationship: 'aunt' })])
    const events = await school.context.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'contact.updated')))
    expect(events.map(event => event.recordId)).toEqual([child])
    expect(await apiChildContacts(school.context, child)).toMatchObject({
      personId: child, emergencyContacts: [{ personId: null, name: 'Aunt Rua', phone: '+64 21 555 0123', relationship: 'aunt', order: 1 }], collectors: []
    })
  })

  it('refuses a child the check did not ask the adult about, with the one body standing gives', async () => {
    expect(await refusal(correctDataCheck(school.context, caller(2), { checkId, children: [{ childId: families.children[0]!, collectors: [] }] }, today)))
      .toMatchObject({ code: 'standing_withheld' })
  })

  it('refuses hostile entries beside their fields: a control character, an adult not on the list, nothing changed', () => {
    const parsed = portalDataCheckCorrectInput.safeParse({
      checkId, children: [{ childId: families.children[3]!, collectors: [{ name: 'Bad\u0007Name', phone: '+64 21 555 0124' }, { phone: 'x'.repeat(50) }] }]
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues.map(issue => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['children.0.collectors.0.name', 'children.0.collectors.1.name', 'children.0.collectors.1.phone'])
    )
    const twice = portalDataCheckCorrectInput.safeParse({ checkId, children: [{ childId: families.children[3]! }, { childId: families.children[3]! }] })
    expect(twice.error!.issues.map(issue => [issue.path.join('.'), issue.message])).toEqual([['children.1.childId', 'This child is named twice.']])
  })

  it('refuses an adult on file the family may not name, and a correction that changes nothing', async () => {
    const child = families.children[3]!
    expect(await refusal(correctDataCheck(school.context, caller(2), {
      checkId, children: [{ childId: child, collectors: [{ personId: families.parents[0]!.id }] }]
    }, today))).toEqual({ code: 'validation_failed', fields: [{ path: 'children[0].collectors[0].personId', message: 'Not an adult you can name here.' }] })
    expect(await refusal(correctDataCheck(school.context, caller(2), { checkId, children: [{ childId: child, collectors: [] }] }, today)))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'children' }] })
  })

  it('lets the office write a child\'s contacts on the record, an adult on file lending name and phone', async () => {
    const child = families.children[0]!
    const care = await recordChildContacts(school.context, child, {
      emergencyContacts: [{ personId: families.parents[1]!.id, relationship: 'neighbour' }], collectors: [{ name: 'Gran', phone: '+64 21 555 0155' }]
    })
    expect(care.emergencyContacts).toEqual([expect.objectContaining({ personId: families.parents[1]!.id, name: 'Parent Family1', phone: '+64 21 555 0199' })])
    expect(care.collectors).toEqual([expect.objectContaining({ personId: null, name: 'Gran' })])
  })

  it('exports a child\'s medical needs as restricted columns, and the contacts as personal', async () => {
    const columns = await listExportColumns(school.context)
    const classOf = (name: string) => columns.find(column => column.column === name)?.class
    expect([classOf('child_medical_needs.need'), classOf('child_medical_needs.care')]).toEqual(['restricted', 'restricted'])
    expect([classOf('child_contacts.name'), classOf('child_contacts.phone'), classOf('child_contacts.kind')]).toEqual(['personal', 'personal', 'general'])
  })

  it('refuses a correction of names the SIS keeps with held_elsewhere, and records no answer', async () => {
    const updated = await updateSchoolSettings(school.context, { heldElsewhere: ['names'] })
    const sis = systemContext(school.database, updated, 'test')
    const before = (await portalDataCheck(sis, families.parents[2]!.id, today)).check
    expect(await refusal(correctDataCheck(sis, caller(2), { checkId, own: { familyName: 'Renamed' } }, today))).toMatchObject({ code: 'held_elsewhere' })
    expect((await portalDataCheck(sis, families.parents[2]!.id, today)).check).toEqual(before)
    await updateSchoolSettings(sis, { heldElsewhere: [] })
  })
})

describe('closing a data check early', () => {
  it('moves its closing day while open, then closes it: no answers, reminders or front-page ask after, and no reopening', async () => {
    const school = await newSchool({ name: 'Closed Early School' })
    const today = todayInZone(school.school.timeZone)
    const families = await seedYearFamilies(school, '8', 1, `dcc${process.pid}${Date.now().toString(36)}-`)
    const adultId = families.parents[0]!.id
    const check = await startDataCheck(school.context, { audience: 'year:8', closesOn: addDays(today, 14) })
    expect(await refusal(changeDataCheck(school.context, check.id, { closesOn: addDays(today, -1) })))
      .toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ path: 'closesOn' })] })
    expect(await changeDataCheck(school.context, check.id, { closesOn: addDays(today, 3) })).toMatchObject({ closesOn: addDays(today, 3), open: true })
    expect((await portalDataCheck(school.context, adultId, today)).check).toMatchObject({ id: check.id })
    expect(await changeDataCheck(school.context, check.id, { status: 'closed' })).toMatchObject({ status: 'closed', open: false })
    expect((await portalDataCheck(school.context, adultId, today)).check).toBeNull()
    expect(await refusal(confirmDataCheck(school.context, adultId, check.id, today))).toMatchObject({ code: 'conflict' })
    expect(await refusal(remindDataCheck(school.context, check.id))).toMatchObject({ code: 'conflict' })
    expect(await refusal(changeDataCheck(school.context, check.id, { closesOn: addDays(today, 30) }))).toMatchObject({ code: 'conflict' })
    expect(await refusal(changeDataCheck(school.context, 'dck_doesnotexist000000', { status: 'closed' }))).toMatchObject({ code: 'not_found' })
  })
})
