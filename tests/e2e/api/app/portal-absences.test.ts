import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { absences } from '../../../../db/schema'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { recordUnexplainedAbsences } from '../../../../server/domain/absences/unexplained-intake'
import { addDays } from '../../../../server/domain/days/calendar'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

const withoutTrace = (answer: ApiAnswer) => ({ status: answer.status, body: { ...answer.body, data: { ...answer.body.data, traceId: undefined } } })

/*
 * The portal's Absences (issue 39): a family reports a child's absence for whole days or a part of one, withdraws
 * one before its first day, and explains one the register found; the same refusal for every adult standing keeps
 * from the child (`attendance`), as for a stranger.
 */
describe('the portal\'s absences', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let extra: { kahu: string, nikau: string, resident: string, separated: string, stranger: string }
  const cookies: Record<string, string> = {}
  const as = (adult: string, path: string, body?: unknown) => callApi(path, { headers: { cookie: cookies[adult]! }, body })
  const report = (adult: string, body: Record<string, unknown>) => as(adult, '/api/app/portal/absences', { reason: 'illness', ...body })
  const read = async (adult: string, query = '') => {
    const answer = await as(adult, `/api/app/portal/absences${query}`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Portal Absences School' })
    families = await seedPortalFamilies(school)
    // Aroha's brother Kahu, of the same parents; Nikau, whose separated parent a court order keeps from his attendance alone; and a
    // stranger to both, Rua's guardian.
    extra = await writeChanges(school.context, async (tx, changes) => {
      const person = (familyName: string, givenNames: string) => insertPerson(tx, changes, school.id, { familyName, givenNames })
      const kahu = await person('Ngata', 'Kahu')
      const nikau = await person('Rangi', 'Nikau')
      const resident = await person('Rangi', 'Ataahua')
      const separated = await person('Rangi', 'Tane')
      for (const child of [kahu, nikau]) {
        await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      }
      for (const [adultId, childId] of [[families.mother, kahu], [families.father, kahu], [resident, nikau], [separated, nikau]] as const) {
        await insertParentalResponsibility(tx, changes, school.school, { adultId, childId, relationship: 'parent', validFrom: '2015-01-01', validTo: null })
      }
      return { kahu, nikau, resident, separated, stranger: families.guardian }
    })
    await recordCourtOrder(school.context, extra.nikau, {
      kind: 'parenting_order', restrainedPersonId: extra.separated, purposes: ['attendance'], validFrom: families.lastMonth, validTo: null
    })
    for (const adult of [families.mother, families.father, extra.resident, extra.separated, extra.stranger]) {
      cookies[adult] = (await familySession(school, adult)).cookie
    }
  })

  it('takes two days of illness for one child, leaves the other untouched, and withdraws a third absence before it begins', async () => {
    const { today } = families
    const ill = await report(families.mother, { childId: families.aroha, firstDay: today, lastDay: addDays(today, 1), note: 'A fever.' })
    expect(ill.status).toBe(201)
    expect(ill.body.id).toMatch(/^abs_/)
    const later = await report(families.mother, {
      childId: families.aroha, firstDay: addDays(today, 10), fromTime: '09:00', toTime: '11:30', reason: 'medical_appointment'
    })
    expect(later.status).toBe(201)

    const answer = await read(families.mother)
    expect(answer.today).toBe(today)
    expect(answer.lastDayAllowed).toBe(addDays(today, 60))
    expect(answer.reasons).toEqual(['illness', 'medical_appointment', 'family_reason', 'religious_observance', 'other'])
    expect(answer.children.map((child: { id: string }) => child.id).sort()).toEqual([families.aroha, extra.kahu].sort())
    expect(answer.items.map((item: { id: string }) => item.id)).toEqual([later.body.id, ill.body.id])
    expect(answer.items[1]).toMatchObject({
      childId: families.aroha, firstDay: today, lastDay: addDays(today, 1), fromTime: null, toTime: null, reason: 'illness', note: 'A fever.',
      reportedBy: 'family', acknowledged: false, withdrawn: false, canWithdraw: false, explains: null
    })
    expect(answer.items[0]).toMatchObject({ firstDay: addDays(today, 10), lastDay: addDays(today, 10), fromTime: '09:00', toTime: '11:30', canWithdraw: true })
    expect(answer.items.some((item: { childId: string }) => item.childId === extra.kahu)).toBe(false)
    // The other parent reads them too, but only the adult who reported one may withdraw it.
    expect((await read(families.father)).items.map((item: { canWithdraw: boolean }) => item.canWithdraw)).toEqual([false, false])
    expectEnvelope(await as(families.father, `/api/app/portal/absences/${later.body.id}/withdraw`, {}), 403, 'standing_withheld')

    const withdrawn = await as(families.mother, `/api/app/portal/absences/${later.body.id}/withdraw`, {})
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body).toEqual({ id: later.body.id, withdrawnAt: expect.stringMatching(/Z$/) })
    expect((await read(families.mother)).items[0]).toMatchObject({ id: later.body.id, withdrawn: true, canWithdraw: false })
    expectEnvelope(await as(families.mother, `/api/app/portal/absences/${later.body.id}/withdraw`, {}), 409, 'conflict')
    // Begun today: the office is told instead.
    expectEnvelope(await as(families.mother, `/api/app/portal/absences/${ill.body.id}/withdraw`, {}), 409, 'conflict')
    const [kept] = await school.database.db.select({ withdrawnAt: absences.withdrawnAt }).from(absences)
      .where(and(eq(absences.schoolId, school.id), eq(absences.id, ill.body.id)))
    expect(kept?.withdrawnAt).toBeNull()
  })

  it('takes a morning\'s reports at once: a report without a document takes no upload slot', async () => {
    const days = Array.from({ length: 6 }, (_, index) => addDays(families.today, 20 + index))
    const answers = await Promise.all(days.map(firstDay => report(families.father, { childId: extra.kahu, firstDay, reason: 'family_reason' })))
    expect(answers.map(answer => answer.status)).toEqual(days.map(() => 201))
    for (const answer of answers) await as(families.father, `/api/app/portal/absences/${answer.body.id}/withdraw`, {})
  })

  it('pages the absences newest first with nextCursor', async () => {
    const first = await read(families.mother, '?limit=1')
    expect(first.items).toHaveLength(1)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await read(families.mother, `?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)
    expect(second.items).toHaveLength(1)
    expect(second.items[0].id).not.toBe(first.items[0].id)
    expect(second.items[0].firstDay <= first.items[0].firstDay).toBe(true)
  })

  it.each([
    ['a first day before the child was on the roll', { firstDay: '2023-06-01' }, 'firstDay'],
    ['a first day more than 60 days ahead', (today: string) => ({ firstDay: addDays(today, 61) }), 'firstDay'],
    ['a last day more than 60 days ahead', (today: string) => ({ firstDay: today, lastDay: addDays(today, 61) }), 'lastDay'],
    ['a last day before the first', (today: string) => ({ firstDay: addDays(today, 3), lastDay: addDays(today, 2) }), 'lastDay'],
    ['a part of a day over two days', (today: string) => ({ firstDay: today, lastDay: addDays(today, 1), fromTime: '09:00', toTime: '10:00' }), 'lastDay']
  ])('refuses %s as unprocessable naming the field', async (_, span, field) => {
    const body = typeof span === 'function' ? span(families.today) : span
    const answer = await report(families.mother, { childId: families.aroha, ...body })
    expect(expectEnvelope(answer, 422, 'unprocessable').fields?.map(problem => problem.path)).toEqual([field])
  })

  it.each([
    ['"other" without a note', { reason: 'other' }, ['note']],
    ['"other" with a note of spaces', { reason: 'other', note: '   ' }, ['note']],
    ['a time without the other', { fromTime: '09:00' }, ['toTime']],
    ['a period that ends before it begins', { fromTime: '11:00', toTime: '10:00' }, ['toTime']],
    ['a time that is no time', { fromTime: '25:00', toTime: '26:00' }, ['fromTime', 'toTime']],
    ['a reason the school does not know', { reason: 'holiday' }, ['reason']],
    ['a text file named x.pdf', { document: { name: 'x.pdf', content: Buffer.from('Not a doctor\'s letter.').toString('base64') } }, ['document.content']]
  ])('refuses %s as validation_failed naming the field', async (_, body, fields) => {
    const answer = await report(families.mother, { childId: families.aroha, firstDay: families.today, ...body })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(fields)
  })

  it('keeps a document that is a PDF by its bytes, and the portal names it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n').toString('base64')
    const answer = await report(families.mother, {
      childId: extra.kahu, firstDay: addDays(families.today, 5), reason: 'medical_appointment', document: { name: 'letter.pdf', content: pdf }
    })
    expect(answer.status).toBe(201)
    const item = (await read(families.mother)).items.find((row: { id: string }) => row.id === answer.body.id)
    expect(item).toMatchObject({ childId: extra.kahu, documentName: 'letter.pdf' })
  })

  it('shows a parent a court order keeps from attendance no child, and refuses their report with the body a stranger gets', async () => {
    expect((await read(extra.resident)).children.map((child: { id: string }) => child.id)).toEqual([extra.nikau])
    const reported = await report(extra.resident, { childId: extra.nikau, firstDay: addDays(families.today, 2) })
    expect(reported.status).toBe(201)
    const kept = await read(extra.separated)
    expect(kept.children).toEqual([])
    expect(kept.items).toEqual([])
    expect(JSON.stringify(kept)).not.toContain(extra.nikau)
    // Their other sections still name the child: the order limits attendance alone.
    expect((await as(extra.separated, '/api/app/portal')).body.children.map((child: { id: string }) => child.id)).toEqual([extra.nikau])

    const refusals = []
    for (const adult of [extra.separated, extra.stranger]) {
      const answer = await report(adult, { childId: extra.nikau, firstDay: addDays(families.today, 2) })
      expectEnvelope(answer, 403, 'standing_withheld')
      refusals.push(withoutTrace(answer))
      const withdraw = await as(adult, `/api/app/portal/absences/${reported.body.id}/withdraw`, {})
      expectEnvelope(withdraw, 403, 'standing_withheld')
      refusals.push(withoutTrace(withdraw))
    }
    const unknown = await report(extra.stranger, { childId: 'per_unknownchild000000000', firstDay: families.today })
    expectEnvelope(unknown, 403, 'standing_withheld')
    refusals.push(withoutTrace(unknown))
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0])
  })

  it('lists what the register found, takes one explanation of it, and refuses a second', async () => {
    const found = await recordUnexplainedAbsences(school.context, [{ personId: extra.kahu, day: families.today, from: '13:00', to: '15:00' }])
    const id = found.absences[0]!.id
    expect((await read(families.father)).unexplained).toEqual([
      { id, childId: extra.kahu, day: families.today, fromTime: '13:00', toTime: '15:00', receivedAt: expect.stringMatching(/Z$/) }
    ])
    expect((await read(extra.stranger)).unexplained).toEqual([])
    expectEnvelope(await as(extra.stranger, `/api/app/portal/absences/unexplained/${id}/explain`, { reason: 'illness' }), 403, 'standing_withheld')
    const explained = await as(families.father, `/api/app/portal/absences/unexplained/${id}/explain`, { reason: 'family_reason', note: 'A tangi.' })
    expect(explained.status).toBe(201)
    const after = await read(families.mother)
    expect(after.unexplained).toEqual([])
    expect(after.items.find((item: { id: string }) => item.id === explained.body.id)).toMatchObject({
      childId: extra.kahu, firstDay: families.today, lastDay: families.today, fromTime: '13:00', toTime: '15:00', reason: 'family_reason',
      explains: id, reportedBy: 'family', canWithdraw: false
    })
    expectEnvelope(await as(families.mother, `/api/app/portal/absences/unexplained/${id}/explain`, { reason: 'illness' }), 409, 'conflict')
    const noNote = await as(families.mother, `/api/app/portal/absences/unexplained/${id}/explain`, { reason: 'other' })
    expect(fieldPaths(noNote)).toEqual(['note'])
  })

  it('refuses every change in a preview (preview_read_only) and still reads', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await callApi(`/api/app/people/${families.mother}/portal-preview`, { method: 'POST', headers: { cookie } })).status).toBe(200)
    const preview = (path: string, body?: unknown) => callApi(path, { headers: { cookie }, body })
    const seen = await preview('/api/app/portal/absences')
    expect(seen.status).toBe(200)
    const future = seen.body.items.find((item: { canWithdraw: boolean }) => item.canWithdraw)
    expect(future).toBeDefined()
    const before = await school.database.db.select().from(absences).where(eq(absences.schoolId, school.id))
    const body = { childId: families.aroha, firstDay: families.today, reason: 'illness' }
    expectEnvelope(await preview('/api/app/portal/absences', body), 403, 'preview_read_only')
    expectEnvelope(await preview(`/api/app/portal/absences/${future.id}/withdraw`, {}), 403, 'preview_read_only')
    const found = await recordUnexplainedAbsences(school.context, [{ personId: families.aroha, day: families.today }])
    expectEnvelope(await preview(`/api/app/portal/absences/unexplained/${found.absences[0]!.id}/explain`, { reason: 'illness' }), 403, 'preview_read_only')
    expect(await school.database.db.select().from(absences).where(eq(absences.schoolId, school.id))).toEqual(before)
  })

  it('answers section_off to families once the school switches Absences off, and still answers staff previewing', async () => {
    const { cookie: admin } = await staffSession(school, 'admin')
    expect((await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: ['absences'] } })).status).toBe(200)
    try {
      expectEnvelope(await as(families.mother, '/api/app/portal/absences'), 403, 'section_off')
      expectEnvelope(await report(families.mother, { childId: families.aroha, firstDay: families.today }), 403, 'section_off')
      expect((await as(families.mother, '/api/app/portal')).body.sections).not.toContain('absences')
      const { cookie } = await staffSession(school, 'office')
      await callApi(`/api/app/people/${families.mother}/portal-preview`, { method: 'POST', headers: { cookie } })
      expect((await callApi('/api/app/portal/absences', { headers: { cookie } })).status).toBe(200)
    } finally {
      await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: [] } })
    }
  })
})
