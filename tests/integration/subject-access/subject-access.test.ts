import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, childContacts, people } from '../../../db/schema'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { recordChildContacts } from '../../../server/domain/data-checks/record-child-care'
import { whatNeedsAHand } from '../../../server/domain/staff/today'
import { addCalendarMonths, daysLeft } from '../../../server/domain/subject-access/deadline'
import { logSubjectAccessRequest } from '../../../server/domain/subject-access/log-request'
import { listSubjectAccessRequests } from '../../../server/domain/subject-access/list-requests'
import { readSubjectAccessRequest } from '../../../server/domain/subject-access/read-request'
import { assembleSubjectAccessAnswer } from '../../../server/domain/subject-access/assemble-answer'
import { decideSubjectAccessItem } from '../../../server/domain/subject-access/decide-item'
import { extendSubjectAccessDeadline } from '../../../server/domain/subject-access/extend-deadline'
import { sendSubjectAccessAnswer } from '../../../server/domain/subject-access/send-answer'
import { officeSubjectAccessAnswer } from '../../../server/domain/subject-access/office-answer'
import { portalAnswerDocument, portalAnswersOf } from '../../../server/domain/subject-access/portal-answers'
import { personIdsUnderOpenRequest } from '../../../server/domain/subject-access/open-requests'
import { carryOutSubjectAccessRequest } from '../../../server/domain/subject-access/carry-out-request'
import { refuseSubjectAccessRequest } from '../../../server/domain/subject-access/close-request'
import { redactedMarker } from '../../../server/domain/subject-access/answer-document'
import { newSchool } from '../../support/schools'
import { refusal } from '../../support/refusals'
import { seedPortalFamilies } from '../../support/portal-families'

type School = Awaited<ReturnType<typeof newSchool>>
type Families = Awaited<ReturnType<typeof seedPortalFamilies>>

/*
 * Issue 42 point 4 at the level of its rules, on the database the suite runs on: a mother asks for her daughter's data;
 * the office logs it on its clock, assembles the answer, redacts one third party (the grandmother among the emergency
 * contacts), withholds another with the exemption named, and sends it to the mother's portal. The mother sees it, with
 * the marker and without the withheld contact; the father and another family do not. Requests to correct and restrict are
 * carried out through the people functions; an open request shields its subject from erasure.
 */
describe('subject access requests', () => {
  let school: School
  let other: School
  let family: Families
  let today: string
  let requestId: string
  const grandmother = { name: 'Ruiha Grandmother', phone: '+61 400 111 222', relationship: 'grandmother' }
  const neighbour = { name: 'Pita Neighbour', phone: '+61 400 333 444', relationship: 'neighbour' }

  beforeAll(async () => {
    school = await newSchool({ name: 'Subject Access School' })
    other = await newSchool({ name: 'Subject Access Elsewhere' })
    family = await seedPortalFamilies(school)
    today = todayInZone(school.school.timeZone)
    await recordChildContacts(school.context, family.aroha, { emergencyContacts: [grandmother], collectors: [neighbour] })
  })

  it('logs a request on a calendar month\'s clock from the day it was received, with Activity naming ids only', async () => {
    const receivedOn = addDays(today, -3)
    const logged = await logSubjectAccessRequest(school.context, {
      kind: 'access', subjectId: family.aroha, requesterId: family.mother, receivedOn, verifiedHow: 'Passport seen at the office'
    })
    requestId = logged.id
    expect(logged).toMatchObject({
      kind: 'access', state: 'open', subject: { id: family.aroha, name: 'Aroha Ngata' }, requester: { id: family.mother, name: 'Hine Ngata' },
      deadlineRule: 'one_month', clock: { deadline: addCalendarMonths(receivedOn, 1), extensionMonths: 0 }
    })
    expect(logged.clock.daysLeft).toBe(daysLeft(addCalendarMonths(receivedOn, 1), today))
    const entries = await school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'subject_access.logged')))
    expect(entries).toHaveLength(1)
    expect(entries[0]!.summary).toContain(family.aroha)
    expect(entries[0]!.summary).not.toMatch(/Aroha|Ngata/)
  })

  it('refuses a request received after today, a requester nobody named, and 15 school days for an erasure, beside their fields', async () => {
    const base = { kind: 'access' as const, subjectId: family.aroha, requesterId: family.mother, receivedOn: today, verifiedHow: 'Known to the office' }
    expect((await refusal(logSubjectAccessRequest(school.context, { ...base, receivedOn: addDays(today, 1) }))).fields.map(f => f.path)).toEqual(['receivedOn'])
    expect((await refusal(logSubjectAccessRequest(school.context, { ...base, requesterId: undefined }))).fields.map(f => f.path))
      .toEqual(['requesterDescription'])
    expect((await refusal(logSubjectAccessRequest(school.context, { ...base, kind: 'erasure', deadlineRule: 'fifteen_school_days' }))).fields
      .map(f => f.path)).toEqual(['deadlineRule'])
    expect((await refusal(logSubjectAccessRequest(school.context, { ...base, verifiedHow: 'Seen\u0007' }))).code).toBe('validation_failed')
    expect((await refusal(logSubjectAccessRequest(school.context, { ...base, verifiedHow: 'x'.repeat(100_000) }))).fields.map(f => f.path))
      .toEqual(['verifiedHow'])
  })

  it('finds another school\'s request not found, exactly as a missing one, and another school\'s person as a subject', async () => {
    expect((await refusal(readSubjectAccessRequest(other.context, requestId))).code).toBe('not_found')
    expect((await refusal(readSubjectAccessRequest(school.context, 'sar_missing'))).code).toBe('not_found')
    expect((await refusal(logSubjectAccessRequest(other.context, {
      kind: 'access', subjectId: family.aroha, requesterDescription: 'A caller', receivedOn: today, verifiedHow: 'Phone call'
    }))).code).toBe('not_found')
  })

  it('extends the month by two with a reason, and refuses a third', async () => {
    const receivedOn = addDays(today, -3)
    const extended = await extendSubjectAccessDeadline(school.context, requestId, { months: 2, reason: 'Many records across two sites.' })
    expect(extended.clock).toMatchObject({ deadline: addCalendarMonths(receivedOn, 3), extensionMonths: 2, extensionReason: 'Many records across two sites.' })
    expect((await refusal(extendSubjectAccessDeadline(school.context, requestId, { months: 3, reason: 'More.' }))).fields.map(f => f.path))
      .toEqual(['months'])
  })

  it('sends nothing before the answer is assembled, nor while an item is undecided', async () => {
    expect(await refusal(sendSubjectAccessAnswer(school.context, requestId, { channel: 'portal' })))
      .toMatchObject({ code: 'conflict', detail: ['Assemble the answer and review its items before sending it.'] })
    const assembled = await assembleSubjectAccessAnswer(school.context, requestId)
    expect(assembled.items.map(item => [item.itemKind, item.decision])).toEqual([['child_contact', null], ['child_contact', null]])
    expect(await refusal(sendSubjectAccessAnswer(school.context, requestId, { channel: 'portal' })))
      .toMatchObject({ code: 'conflict', detail: ['2 items are still undecided.'] })
  })

  it('redacts the grandmother, withholds the neighbour naming the exemption, and refuses a withholding without a reason', async () => {
    const { items } = await readSubjectAccessRequest(school.context, requestId)
    const contacts = await school.database.db.select().from(childContacts).where(eq(childContacts.childId, family.aroha))
    const idOf = (name: string) => items.find(item => item.recordId === contacts.find(contact => contact.name === name)!.id)!.id
    expect((await refusal(decideSubjectAccessItem(school.context, requestId, idOf(neighbour.name), { decision: 'withhold' }))).fields.map(f => f.path))
      .toEqual(['reason'])
    await decideSubjectAccessItem(school.context, requestId, idOf(grandmother.name), { decision: 'redact', reason: 'A third party\'s details.' })
    const decided = await decideSubjectAccessItem(
      school.context, requestId, idOf(neighbour.name), { decision: 'withhold', reason: 'Serious harm exemption (DPA 2018 Sch. 3 para 5).' }
    )
    expect(decided.items.map(item => item.decision).sort()).toEqual(['redact', 'withhold'])
    expect((await refusal(decideSubjectAccessItem(other.context, requestId, idOf(neighbour.name), { decision: 'include' }))).code).toBe('not_found')
  })

  it('names the withheld item and its exemption in the office\'s copy only', async () => {
    const copy = JSON.stringify(await officeSubjectAccessAnswer(school.context, requestId))
    expect(copy).toContain('Serious harm exemption (DPA 2018 Sch. 3 para 5).')
    expect(copy).not.toContain(neighbour.phone)
    expect(copy).not.toContain(grandmother.phone)
  })

  it('sends the answer to the mother\'s portal, closing the request, with Activity naming ids only', async () => {
    const sent = await sendSubjectAccessAnswer(school.context, requestId, { channel: 'portal' })
    expect(sent).toMatchObject({ state: 'done', channel: 'portal' })
    expect(sent.closedAt).not.toBeNull()
    const [entry] = await school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'subject_access.closed')))
    expect(entry!.summary).toBe(`Request ${requestId} (access) about ${family.aroha} done: answer sent by portal`)
    expect((await refusal(sendSubjectAccessAnswer(school.context, requestId, { channel: 'portal' }))).code).toBe('conflict')
  })

  it('shows the mother her answer: her daughter\'s download and records, the marker for the grandmother, nothing of the neighbour', async () => {
    expect(await portalAnswersOf(school.context, family.mother)).toEqual([expect.objectContaining({ id: requestId, kind: 'access' })])
    const answer = await portalAnswerDocument(school.context, family.mother, requestId, today)
    expect(answer.portalDownload.adult).toMatchObject({ id: family.aroha, givenNames: 'Aroha' })
    expect(answer.reviewed).toEqual([expect.objectContaining({ itemKind: 'child_contact', redacted: redactedMarker })])
    const text = JSON.stringify(answer)
    for (const secret of [grandmother.name, grandmother.phone, neighbour.name, neighbour.phone, 'Serious harm', 'A third party']) {
      expect(text).not.toContain(secret)
    }
  })

  it('shows the answer to no one else: not the father, not another family, not another school', async () => {
    expect(await portalAnswersOf(school.context, family.father)).toEqual([])
    expect(await portalAnswersOf(school.context, family.resident)).toEqual([])
    expect((await refusal(portalAnswerDocument(school.context, family.father, requestId, today))).code).toBe('not_found')
    expect((await refusal(portalAnswerDocument(school.context, family.resident, requestId, today))).code).toBe('not_found')
    expect((await refusal(portalAnswerDocument(other.context, family.mother, requestId, today))).code).toBe('not_found')
  })

  it('shields a person an open request is about from erasure, except by the request itself', async () => {
    const open = await logSubjectAccessRequest(school.context, {
      kind: 'erasure', subjectId: family.tama, requesterId: family.resident, receivedOn: today, verifiedHow: 'Known to the office'
    })
    const ids = [family.aroha, family.tama, family.mere]
    expect([...await personIdsUnderOpenRequest(school.database.db, school.id, ids)]).toEqual([family.tama])
    expect([...await personIdsUnderOpenRequest(school.database.db, school.id, ids, open.id)]).toEqual([])
    expect([...await personIdsUnderOpenRequest(school.database.db, other.id, ids)]).toEqual([])
    await refuseSubjectAccessRequest(school.context, open.id, { reason: 'Withdrawn by the parent.' })
    expect([...await personIdsUnderOpenRequest(school.database.db, school.id, ids)]).toEqual([])
  })

  it('corrects a phone number through the people functions and restricts processing, closing each request as done', async () => {
    const correct = await logSubjectAccessRequest(school.context, {
      kind: 'rectification', subjectId: family.father, requesterId: family.father, receivedOn: today, verifiedHow: 'Signed in to the portal'
    })
    const done = await carryOutSubjectAccessRequest(school.context, correct.id, { phone: '+61 400 999 000' })
    expect(done).toMatchObject({ state: 'done', outcome: 'corrected: contact' })
    const [father] = await school.database.db.select({ phone: people.phone }).from(people).where(eq(people.id, family.father))
    expect(father!.phone).toBe('+61 400 999 000')
    const restrict = await logSubjectAccessRequest(school.context, {
      kind: 'restriction', subjectId: family.mere, requesterDescription: 'Mere\'s safe adult, by letter', receivedOn: today, verifiedHow: 'Letter signed'
    })
    expect(await carryOutSubjectAccessRequest(school.context, restrict.id)).toMatchObject({ state: 'done', outcome: 'processing restricted' })
    expect((await refusal(carryOutSubjectAccessRequest(school.context, requestId))).code).toBe('conflict')
  })

  it('carries out a request to erase through erasePerson, and leaves whole a person another open request is about', async () => {
    const access = await logSubjectAccessRequest(school.context, {
      kind: 'access', subjectId: family.guardian, requesterId: family.guardian, receivedOn: today, verifiedHow: 'Known to the office'
    })
    const erase = await logSubjectAccessRequest(school.context, {
      kind: 'erasure', subjectId: family.guardian, requesterId: family.guardian, receivedOn: today, verifiedHow: 'Known to the office'
    })
    expect(await refusal(carryOutSubjectAccessRequest(school.context, erase.id)))
      .toMatchObject({ code: 'conflict', detail: ['Another open request is about this person: nothing was erased.'] })
    await refuseSubjectAccessRequest(school.context, access.id, { reason: 'Withdrawn: only the erasure is wanted.' })
    const done = await carryOutSubjectAccessRequest(school.context, erase.id)
    expect(done).toMatchObject({ state: 'done', outcome: 'erased' })
    const [guardian] = await school.database.db.select({ familyName: people.familyName, erasedAt: people.erasedAt }).from(people)
      .where(eq(people.id, family.guardian))
    expect(guardian!.erasedAt).not.toBeNull()
    expect(guardian!.familyName).not.toBe('Tuhoe')
  })

  it('refuses to erase a child a protection flag names, leaving the request open', async () => {
    const erase = await logSubjectAccessRequest(school.context, {
      kind: 'erasure', subjectId: family.mere, requesterId: family.safe, receivedOn: today, verifiedHow: 'Known to the office'
    })
    expect((await refusal(carryOutSubjectAccessRequest(school.context, erase.id))).code).toBe('conflict')
    expect((await readSubjectAccessRequest(school.context, erase.id)).state).toBe('open')
    await refuseSubjectAccessRequest(school.context, erase.id, { reason: 'Safeguarding records are kept.' })
  })

  it('lists requests latest deadline first, searched by the subject\'s name on the server, a page at a time', async () => {
    const all = await listSubjectAccessRequests(school.context, {}, { limit: 100 })
    const deadlines = all.items.map(item => item.clock.deadline)
    expect(deadlines).toEqual([...deadlines].sort().reverse())
    const found = await listSubjectAccessRequests(school.context, { q: 'aroha ngata' }, { limit: 100 })
    expect(found.items.map(item => item.id)).toEqual([requestId])
    expect((await listSubjectAccessRequests(school.context, { q: '100%_' }, { limit: 100 })).items).toEqual([])
    const first = await listSubjectAccessRequests(school.context, {}, { limit: 1 })
    expect(first.items).toHaveLength(1)
    const second = await listSubjectAccessRequests(school.context, {}, { limit: 1, after: first.next as [string, string] })
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id)
    expect((await listSubjectAccessRequests(other.context, {}, { limit: 100 })).items).toEqual([])
  })

  it('counts on Today the open requests due within a week or overdue', async () => {
    expect((await whatNeedsAHand(school.context)).subjectAccessDue).toBe(0)
    await logSubjectAccessRequest(school.context, {
      kind: 'access', subjectId: family.wiremu, requesterId: family.staffParent, receivedOn: addDays(today, -28), verifiedHow: 'Known to the office'
    })
    expect((await whatNeedsAHand(school.context)).subjectAccessDue).toBe(1)
  })
})
