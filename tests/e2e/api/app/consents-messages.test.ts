import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { changeEvents, consents, messages } from '../../../../db/schema'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { addDays } from '../../../../server/domain/days/calendar'
import { deliverDueMessages } from '../../../support/message-queue'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { seedClass } from '../../../support/consent-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * The whole story through the routes: staff and family sessions, envelopes, statuses. Its rules each have
 * a test of their own at the domain level (tests/integration/consents/ask-answers.test.ts,
 * record-answer.test.ts, tests/integration/messages/audience.test.ts, left-out.test.ts, named-adults.test.ts).
 */

describe('consents and messages: asks, answers with standing on the day, audiences, and the portal\'s sections', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, teacher: string, admin: string
  let excursion: string, photos: string, ask: string
  let kept: { child: string, parent: string }
  const cookies: Record<string, string> = {}
  const staff = (path: string, init: { method?: string, body?: unknown } = {}) => callApi(path, { ...init, headers: { cookie: office } })
  const family = (adult: string, path: string, init: { method?: string, body?: unknown } = {}) =>
    callApi(path, { ...init, headers: { cookie: cookies[adult]! } })
  const answersOf = async () => (await school.database.db.select().from(consents).where(eq(consents.schoolId, school.id))).length

  beforeAll(async () => {
    school = await newSchool({ name: 'Consents School' })
    families = await seedPortalFamilies(school)
    // A child whose only parent a court order keeps from messages and details: a class of them reaches nobody.
    kept = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Rewi', givenNames: 'Ana', dateOfBirth: '2016-01-01' })
      const parent = await insertPerson(tx, changes, school.id, { familyName: 'Rewi', givenNames: 'Piri', email: 'piri@example.org' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '4', campusId: null })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: parent, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
      )
      return { child, parent }
    })
    await recordCourtOrder(
      school.context, kept.child,
      { kind: 'parenting_order', restrainedPersonId: kept.parent, purposes: ['details', 'messages', 'consents'], validFrom: families.lastMonth, validTo: null }
    )
    await seedClass(school, '3A', [families.aroha, families.tama, families.mere])
    await seedClass(school, '4K', [kept.child])
    office = (await staffSession(school, 'office')).cookie
    teacher = (await staffSession(school, 'teacher')).cookie
    admin = (await staffSession(school, 'admin')).cookie
    for (const adult of ['mother', 'father', 'separated', 'unsafe', 'resident', 'safe'] as const) {
      cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    }
    excursion = (await staff('/api/app/consents/purposes', { body: { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' } })).body.id
    photos = (await staff('/api/app/consents/purposes', { body: { name: 'Photographs', aboutNamedThing: false, lasting: 'standing' } })).body.id
  })

  it('keeps the school\'s purposes, and refuses an ask about a named thing that names none (subject_required), writing nothing', async () => {
    const purposes = await staff('/api/app/consents/purposes')
    expect(purposes.body.items.map((p: { name: string }) => p.name)).toEqual(['Excursion', 'Photographs'])
    expectEnvelope(await staff('/api/app/consents/purposes', { body: { name: 'Excursion', aboutNamedThing: false, lasting: 'standing' } }), 409, 'conflict')
    const refused = await staff(
      '/api/app/consents/asks',
      { body: { purposeId: excursion, audience: ['class:3A'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' } }
    )
    expectEnvelope(refused, 422, 'subject_required')
    expectEnvelope(await staff(
      '/api/app/consents/asks',
      { body: { purposeId: excursion, subject: 'Zoo', audience: ['class:9Z'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' } }
    ), 422, 'audience_unknown')
    expectEnvelope(await staff(
      '/api/app/consents/asks',
      { body: { purposeId: excursion, subject: 'Zoo', audience: ['class:4K'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' } }
    ), 422, 'audience_empty')
    expect((await staff('/api/app/consents/asks')).body.items).toEqual([])
    expectEnvelope(await callApi('/api/app/consents/asks', { headers: { cookie: teacher } }), 403, 'forbidden')
  })

  it('asks a class about an excursion; both parents answer yes, one later withdraws from a day on paper, and the history is kept', async () => {
    const created = await staff('/api/app/consents/asks', { body: {
      purposeId: excursion, subject: 'Zoo', audience: ['class:3A'], closesOn: addDays(families.today, 7), occasionOn: addDays(families.today, 10),
      answeredBy: 'every_adult'
    } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ subject: 'Zoo', childCount: 3, status: 'open', open: true, purpose: { name: 'Excursion' } })
    ask = created.body.id
    const mother = await family(families.mother, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.aroha, answer: 'yes' } })
    expect(mother.status).toBe(201)
    expect(mother.body).toMatchObject({ answer: 'yes', effectiveFrom: families.today, enteredByStaff: false })
    let view = await staff(`/api/app/consents/asks/${ask}/answers`)
    const aroha = () => view.body.items.find((item: { child: { id: string } }) => item.child.id === families.aroha)
    expect(aroha().status).toBe('not_yet')
    expect((await family(families.father, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.aroha, answer: 'yes' } })).status)
      .toBe(201)
    view = await staff(`/api/app/consents/asks/${ask}/answers`)
    expect(aroha().status).toBe('yes')
    // Tama (a court order) and Mere (a protection flag) are under restriction: left out for the office, listed and marked for the administrator.
    expect(view.body.items.map((item: { child: { givenNames: string }, restricted: boolean }) => [item.child.givenNames, item.restricted]))
      .toEqual([['Aroha', false]])
    const whole = await callApi(`/api/app/consents/asks/${ask}/answers`, { headers: { cookie: admin } })
    expect(whole.body.items.map((item: { child: { givenNames: string }, restricted: boolean }) => [item.child.givenNames, item.restricted]))
      .toEqual([['Aroha', false], ['Tama', true], ['Mere', true]])
    const tomorrow = addDays(families.today, 1)
    // A family answers for today; the father's withdrawal from tomorrow comes on a paper form the office types in.
    expect((await staff(
      `/api/app/consents/asks/${ask}/answers`, { body: { childId: families.aroha, adultId: families.father, answer: 'no', day: tomorrow } }
    )).status).toBe(201)
    view = await staff(`/api/app/consents/asks/${ask}/answers`)
    expect(aroha().status).toBe('yes')
    // Another day tells whose answers counted then, which follows court orders and flags: restricted.read only.
    expectEnvelope(await staff(`/api/app/consents/asks/${ask}/answers?day=${tomorrow}`), 403, 'forbidden')
    expect((await staff(`/api/app/consents/asks/${ask}/answers?day=${tomorrow}`)).body.data.missingScope).toBe('restricted.read')
    expectEnvelope(await staff(`/api/app/consents/asks/cak_doesnotexist0000000000/answers?day=${tomorrow}`), 403, 'forbidden')
    expect((await staff(`/api/app/consents/asks/${ask}/answers?day=${families.today}`)).status).toBe(200)
    view = await callApi(`/api/app/consents/asks/${ask}/answers?day=${tomorrow}`, { headers: { cookie: admin } })
    expect(aroha().status).toBe('no')
    // The tally follows the same rules: another day for restricted.read only, and the office's counts the children its page lists.
    expectEnvelope(await staff(`/api/app/consents/asks/${ask}?day=${tomorrow}`), 403, 'forbidden')
    expect((await callApi(`/api/app/consents/asks/${ask}?day=${tomorrow}`, { headers: { cookie: admin } })).body.tally).toEqual({ yes: 0, no: 1, notYet: 2 })
    expect((await staff(`/api/app/consents/asks/${ask}`)).body.tally).toEqual({ yes: 1, no: 0, notYet: 0 })
    expect((await staff('/api/app/consents/asks')).body.items.find((entry: { id: string }) => entry.id === ask).tally).toEqual({ yes: 1, no: 0, notYet: 0 })
    const portal = await family(families.father, '/api/app/portal/consents')
    const item = portal.body.items.find((entry: { ask: { id: string } }) => entry.ask.id === ask)
    expect(item).toMatchObject({ child: { id: families.aroha }, myAnswer: 'yes', ask: { subject: 'Zoo', open: true } })
    expect(item.history.map((h: { answer: string, effectiveFrom: string }) => [h.answer, h.effectiveFrom])).toEqual([['yes', families.today], ['no', tomorrow]])
    const kinds = (await school.database.db.select({ kind: changeEvents.kind }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), inArray(changeEvents.tableName, ['consents', 'consent_asks'])))).map(row => row.kind).sort()
    expect(kinds).toEqual(['consent.created', 'consent.created', 'consent.updated', 'consent_ask.created'])
    const list = await callApi(`/api/app/consents/asks/${ask}/class-list?class=3A&day=${tomorrow}`, { headers: { cookie: admin } })
    expect(list.body.children.map((row: { child: { givenNames: string }, status: string, restricted: boolean }) =>
      [row.child.givenNames, row.status, row.restricted]))
      .toEqual([['Aroha', 'no', false], ['Tama', 'not_yet', true], ['Mere', 'not_yet', true]])
    // The office's excursion list leaves the children under restriction out, as the class list does.
    expectEnvelope(await staff(`/api/app/consents/asks/${ask}/class-list?class=3A&day=${tomorrow}`), 403, 'forbidden')
    const officeList = await staff(`/api/app/consents/asks/${ask}/class-list?class=3A`)
    expect(officeList.body.children.map((row: { child: { givenNames: string }, restricted: boolean }) => [row.child.givenNames, row.restricted]))
      .toEqual([['Aroha', false]])
  })

  it('refuses the parent under a court order, the unsafe parent and a parent of another child with one body (no_consent_standing), '
    + 'recording nothing', async () => {
    const before = await answersOf()
    const answers = await Promise.all([
      family(families.separated, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.tama, answer: 'yes' } }),
      family(families.unsafe, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.mere, answer: 'yes' } }),
      family(families.mother, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.tama, answer: 'yes' } }),
      family(families.mother, '/api/app/portal/consents/answers', { body: { askId: ask, childId: 'per_doesnotexist00000000', answer: 'yes' } })
    ])
    const bodies = answers.map((answer) => {
      expectEnvelope(answer, 422, 'no_consent_standing')
      const { traceId: _traceId, ...data } = answer.body.data
      return { ...answer.body, data }
    })
    for (const body of bodies) expect(body).toEqual(bodies[0])
    expect(JSON.stringify(bodies[0])).not.toMatch(/Tama|Mere|court|order|flag/i)
    expect(await answersOf()).toBe(before)
    // From a paper form the office enters for the separated parent on a day of the order: the same refusal.
    expectEnvelope(await staff(
      `/api/app/consents/asks/${ask}/answers`, { body: { childId: families.tama, adultId: families.separated, answer: 'yes', day: families.today } }
    ), 422, 'no_consent_standing')
    const paper = await staff(
      `/api/app/consents/asks/${ask}/answers`, { body: { childId: families.tama, adultId: families.resident, answer: 'yes', day: families.today } }
    )
    expect(paper.body).toMatchObject({ answer: 'yes', enteredByStaff: true })
    expect((await family(families.separated, '/api/app/portal/consents')).body.items).toEqual([])
  })

  it('reminds the adults who have not answered, and refuses answers after the closing day or once closed (ask_closed), recording nothing', async () => {
    const reminder = await staff(`/api/app/consents/asks/${ask}/reminders`, { body: {} })
    expect(reminder.status).toBe(201)
    // Mere's safe adult has not answered; Tama's resident parent did on paper; the unsafe and separated parents are never told.
    expect(reminder.body).toMatchObject({ adultCount: 1, childCount: 1 })
    expect((await staff(`/api/app/consents/asks/${ask}`, { method: 'PATCH', body: { closesOn: addDays(families.today, -1) } })).body)
      .toMatchObject({ open: false, status: 'open' })
    const before = await answersOf()
    expectEnvelope(
      await family(families.safe, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.mere, answer: 'yes' } }), 422,
      'ask_closed'
    )
    await staff(`/api/app/consents/asks/${ask}`, { method: 'PATCH', body: { closesOn: addDays(families.today, 7), status: 'cancelled' } })
    expectEnvelope(
      await family(families.safe, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.mere, answer: 'yes' } }), 422,
      'ask_closed'
    )
    expect(await answersOf()).toBe(before)
  })

  it('keeps a standing consent across asks until it is withdrawn from its day, even after its ask closed', async () => {
    const created = await staff(
      '/api/app/consents/asks', { body: { purposeId: photos, audience: ['year:3'], closesOn: families.today, answeredBy: 'any_adult' } }
    )
    expect(created.body.childCount).toBe(5)
    await family(families.mother, '/api/app/portal/consents/answers', { body: { askId: created.body.id, childId: families.aroha, answer: 'yes' } })
    await staff(`/api/app/consents/asks/${created.body.id}`, { method: 'PATCH', body: { status: 'closed' } })
    const later = addDays(families.today, 3)
    expectEnvelope(
      await family(families.father, '/api/app/portal/consents/answers', { body: { askId: created.body.id, childId: families.aroha, answer: 'yes' } }),
      422, 'ask_closed'
    )
    expect((await staff(
      `/api/app/consents/asks/${created.body.id}/answers`, { body: { childId: families.aroha, adultId: families.father, answer: 'no', day: later } }
    )).status).toBe(201)
    const now = await staff(`/api/app/consents/children/${families.aroha}`)
    expect(now.body.consents.find((c: { purpose: { name: string } }) => c.purpose.name === 'Photographs').status).toBe('yes')
    expectEnvelope(await staff(`/api/app/consents/children/${families.aroha}?day=${later}`), 403, 'forbidden')
    const then = await callApi(`/api/app/consents/children/${families.aroha}?day=${later}`, { headers: { cookie: admin } })
    expect(then.body.consents.find((c: { purpose: { name: string } }) => c.purpose.name === 'Photographs').status).toBe('no')
  })

  it('previews an audience with counts, names and the left-out number, refuses unknown groups by name and empty audiences, and sends to each '
    + 'adult once', async () => {
    const preview = await staff('/api/app/messages/preview', { body: { audience: ['year:3', 'class:3A'] } })
    // Two adults are left out (the separated and the unsafe parent): below five, no number.
    expect(preview.body).toMatchObject({ adultCount: 6, childCount: 5, leftOut: 'fewer_than_5', leftOutCount: null })
    expect(preview.body.adults.map((a: { givenNames: string }) => a.givenNames).sort()).toEqual(['Anahera', 'Aperahama', 'Hine', 'Kiri', 'Moana', 'Rawiri'])
    expect(JSON.stringify(preview.body)).not.toMatch(/Manaia|Tipene|Hemi|court|flag/)
    const before = (await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).length
    const unknown = await staff('/api/app/messages', { body: { subject: 'Rowing', body: 'Hello', audience: ['year:3', 'activity:rowing'] } })
    expectEnvelope(unknown, 422, 'audience_unknown')
    expect(unknown.body.data.detail).toEqual(['Nothing at the school answers to activity:rowing.'])
    expect(unknown.body.data.groups).toEqual(['activity:rowing'])
    expectEnvelope(await staff('/api/app/messages', { body: { subject: 'Class 4K', body: 'Hello', audience: ['class:4K'] } }), 422, 'audience_empty')
    expect((await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).length).toBe(before)

    expect((await staff('/api/app/clubs/rowing', { method: 'PUT', body: { memberIds: [families.aroha, families.tama] } })).body)
      .toMatchObject({ memberCount: 2, joined: 2 })
    const sent = await staff(
      '/api/app/messages',
      { body: { subject: 'Sports day', body: 'Sports day is on Friday.\n\nBring a hat.', audience: ['year:3', 'activity:rowing'] } }
    )
    expect(sent.status).toBe(201)
    // Sent, the two left out are told as the preview told them: fewer than 5, no number (left-out.ts).
    expect(sent.body).toMatchObject({ adultCount: 6, childCount: 5, leftOut: 'fewer_than_5', leftOutCount: null })
    const inbox = await family(families.mother, '/api/app/portal/messages')
    expect(inbox.body.items).toEqual([expect.objectContaining({ id: sent.body.id, subject: 'Sports day', readAt: null })])
    expect((await family(families.separated, '/api/app/portal/messages')).body.items).toEqual([])
    expectEnvelope(await family(families.separated, `/api/app/portal/messages/${sent.body.id}`), 404, 'not_found')
    const read = await family(families.mother, `/api/app/portal/messages/${sent.body.id}`)
    expect(read.body).toMatchObject({ body: 'Sports day is on Friday.\n\nBring a hat.' })
    expect(read.body.readAt).not.toBeNull()
    const recipients = await staff(`/api/app/messages/${sent.body.id}/recipients`)
    expect(recipients.body.items).toHaveLength(6)
    const hine = recipients.body.items.find((r: { adult: { givenNames: string } }) => r.adult.givenNames === 'Hine')
    expect(hine.readAt).toBe(read.body.readAt)
    expect((await staff(`/api/app/messages/${sent.body.id}`)).body).toMatchObject({ readCount: 1, adultCount: 6, leftOut: 'fewer_than_5', leftOutCount: null })
    expect((await staff('/api/app/messages')).body.items[0]).toMatchObject({ id: sent.body.id, emergency: false, leftOut: 'fewer_than_5', leftOutCount: null })
  })

  it('never counts the left-out adults of an audience naming an adult, so a preview cannot tell who is withheld', async () => {
    // A court order keeps Ana's only parent from messages: a count would say 1 for them and 0 for the mother.
    for (const audience of [
      [`adult:${kept.parent}`], [`adult:${families.mother}`], ['year:4', `adult:${kept.parent}`], ['year:3', `adult:${families.unsafe}`]
    ]) {
      const preview = await staff('/api/app/messages/preview', { body: { audience } })
      expect(preview.status).toBe(200)
      expect(preview.body).toMatchObject({ leftOut: 'not_counted', leftOutCount: null })
    }
    expect((await staff('/api/app/messages/preview', { body: { audience: ['year:4'] } })).body)
      .toMatchObject({ adultCount: 0, leftOut: 'fewer_than_5', leftOutCount: null })
  })

  it('answers for a named adult the same whether or not standing withholds them: listed, sent to, the mail withheld, and shown to the '
    + 'office as sent', async () => {
    // Ana's only parent is kept from messages by an order; Aroha's mother is not. Each is listed, with their child.
    for (const adult of [kept.parent, families.mother]) {
      const preview = await staff('/api/app/messages/preview', { body: { audience: [`adult:${adult}`] } })
      expect(preview.body)
        .toMatchObject({ adultCount: 1, childCount: 1, leftOut: 'not_counted', adults: [expect.objectContaining({ id: adult, hasEmail: true })] })
    }
    const sent = await staff('/api/app/messages', { body: { subject: 'A word', body: 'About Ana.', audience: [`adult:${kept.parent}`] } })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ adultCount: 1, childCount: 1, leftOut: 'not_counted', leftOutCount: null })
    const toMother = await staff('/api/app/messages', { body: { subject: 'A word', body: 'About Aroha.', audience: [`adult:${families.mother}`] } })
    // The worker (this test's own, with a mailer that accepts) withholds the one and sends the other.
    await deliverDueMessages(school.database, { schoolIds: [school.id], mailer: async () => undefined })
    const recipientOf = async (cookie: string, messageId: string) =>
      (await callApi(`/api/app/messages/${messageId}/recipients`, { headers: { cookie } })).body.items[0]
    const shape = ({ id: _id, adult: _adult, email: _email, sentAt, ...rest }: { id: string, adult: unknown, email: string, sentAt: string | null }) =>
      ({ ...rest, sent: sentAt !== null })
    // The office (no restricted.read) is shown the withheld mail as the told one: sent, counted as sent.
    const withheld = await recipientOf(office, sent.body.id)
    expect(withheld).toMatchObject({ adult: { id: kept.parent }, status: 'sent', attempts: 1, lastError: null })
    expect(shape(withheld)).toEqual(shape(await recipientOf(office, toMother.body.id)))
    expect((await staff(`/api/app/messages/${sent.body.id}`)).body).toMatchObject({ sentCount: 1, withheldCount: 0 })
    // An administrator holds restricted.read: withheld, never sent, counted apart.
    expect(await recipientOf(admin, sent.body.id)).toMatchObject({ adult: { id: kept.parent }, status: 'withheld', lastError: null, sentAt: null })
    expect((await callApi(`/api/app/messages/${sent.body.id}`, { headers: { cookie: admin } })).body).toMatchObject({ sentCount: 0, withheldCount: 1 })
  })

  it('shows staff previewing a parent that parent\'s consents and messages, reads without a receipt, and refuses an answer (preview_read_only)', async () => {
    // Mere is under a protection flag: previewing her adult needs restricted.read and a passkey proof, as an administrator signed in by passkey has.
    const previewer = (await staffSession(school, 'admin')).cookie
    const [safeMessage] = (await family(families.safe, '/api/app/portal/messages')).body.items
    expect((await callApi(`/api/app/people/${families.safe}/portal-preview`, { method: 'POST', headers: { cookie: previewer } })).status).toBe(200)
    const asPreview = (path: string, init: { body?: unknown } = {}) => callApi(path, { ...init, headers: { cookie: previewer } })
    expect((await asPreview('/api/app/portal/consents')).body.items.map((item: { child: { id: string } }) => item.child.id)).toContain(families.mere)
    expect((await asPreview(`/api/app/portal/messages/${safeMessage.id}`)).body.readAt).toBeNull()
    const before = await answersOf()
    expectEnvelope(
      await asPreview('/api/app/portal/consents/answers', { body: { askId: ask, childId: families.mere, answer: 'yes' } }), 403, 'preview_read_only'
    )
    expect(await answersOf()).toBe(before)
    expect((await family(families.safe, `/api/app/portal/messages/${safeMessage.id}`)).body.readAt).not.toBeNull()
  })

  it('answers section_off for consents and messages the school switched off, and still answers staff', async () => {
    expect((await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: ['consents', 'messages'] } })).status).toBe(200)
    try {
      expectEnvelope(await family(families.mother, '/api/app/portal/consents'), 403, 'section_off')
      expectEnvelope(await family(families.mother, '/api/app/portal/messages'), 403, 'section_off')
      expectEnvelope(
        await family(families.mother, '/api/app/portal/consents/answers', { body: { askId: ask, childId: families.aroha, answer: 'yes' } }), 403,
        'section_off'
      )
      expect((await staff('/api/app/consents/asks')).status).toBe(200)
    } finally {
      await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: [] } })
    }
  })

  it('keeps a club a child at a time: started by its first child, paged in name order, ended by its last', async () => {
    const club = '/api/app/clubs/chess/members'
    expectEnvelope(await staff(club), 404, 'not_found')
    expect((await staff(club, { body: { personId: families.tama } })).body).toEqual({ name: 'chess', memberCount: 1, joined: 1, left: 0 })
    expect((await staff(club, { body: { personId: families.aroha } })).body).toMatchObject({ memberCount: 2, joined: 1 })
    // A child already in it stays as they were, and no event is written for nothing.
    const events = async () => (await school.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'activity_member.created')))).length
    const before = await events()
    expect((await staff(club, { body: { personId: families.aroha } })).body).toMatchObject({ memberCount: 2, joined: 0 })
    expect(await events()).toBe(before)
    const nobody = families.tama.slice(0, -1) + (families.tama.endsWith('a') ? 'b' : 'a')
    const unknown = await staff(club, { body: { personId: nobody } })
    expectEnvelope(unknown, 400, 'validation_failed')
    expect(unknown.body.data.fields).toEqual([expect.objectContaining({ path: 'personId' })])
    expectEnvelope(await staff('/api/app/clubs/Chess Club/members', { body: { personId: families.tama } }), 400, 'validation_failed')

    const first = await staff(`${club}?limit=1`)
    expect(first.body.items.map((child: { givenNames: string }) => child.givenNames)).toEqual(['Aroha'])
    const second = await staff(`${club}?limit=1&cursor=${first.body.nextCursor}`)
    expect(second.body).toMatchObject({ items: [{ id: families.tama, givenNames: 'Tama' }], nextCursor: null })
    expect((await staff('/api/app/clubs')).body.items).toContainEqual({ name: 'chess', memberCount: 2 })
    expect((await callApi(club, { headers: { cookie: teacher } })).status).toBe(403)

    expectEnvelope(await staff(`${club}/${kept.child}`, { method: 'DELETE' }), 404, 'not_found')
    expect((await staff(`${club}/${families.aroha}`, { method: 'DELETE' })).body).toMatchObject({ memberCount: 1, left: 1 })
    expect((await staff(`${club}/${families.tama}`, { method: 'DELETE' })).body).toMatchObject({ memberCount: 0, left: 1 })
    expectEnvelope(await staff('/api/app/messages/preview', { body: { audience: ['activity:chess'] } }), 422, 'audience_unknown')
  })
})
