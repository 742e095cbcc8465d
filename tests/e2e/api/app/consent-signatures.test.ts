import { beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays } from '../../../../server/domain/days/calendar'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { seedClass } from '../../../support/consent-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

const firefoxOnAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'

/*
 * Signed consent forms through the routes (docs/consents.md, "Signatures", "Questions", "Receipts"): the office
 * asks with a medical question and a signature, a parent signs from the portal, the office reads who signed
 * from where and checks a receipt's hash; every refusal in the error envelope, naming its field.
 */
describe('signed consent forms through the routes', () => {
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, askId: string
  const cookies: Record<string, string> = {}
  const portal = (adult: string, path: string, body?: unknown) =>
    callApi(`/api/app/portal/consents${path}`, { headers: { 'cookie': cookies[adult]!, 'user-agent': firefoxOnAndroid }, body })
  const asOffice = (path: string, body?: unknown, method?: string) => callApi(`/api/app/consents${path}`, { headers: { cookie: office }, body, method })
  const medical = { q1: 'Asthma: inhaler in her bag' }

  beforeAll(async () => {
    const school = await newSchool({ name: 'Signed Routes School' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3S', [families.aroha])
    office = (await staffSession(school, 'office')).cookie
    for (const adult of ['mother', 'father'] as const) cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    const purpose = (await asOffice('/purposes', { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).body.id
    const ask = await asOffice('/asks', {
      purposeId: purpose, subject: 'Museum', audience: ['class:3S'], closesOn: addDays(families.today, 10), answeredBy: 'every_adult',
      text: 'We leave at 9:00.', signature: 'required', reminders: { afterSending: [3, 7], beforeClosing: [1] },
      questions: [
        { label: 'Medical needs on the day', kind: 'long_text', required: true, medical: true },
        { label: 'Lunch', kind: 'choice', choices: ['Packed', 'School'] }
      ]
    })
    expect(ask.status).toBe(201)
    expect(ask.body).toMatchObject({ signature: 'required', nextReminderOn: addDays(families.today, 3), signedAt: null })
    expect(ask.body.questions.map((question: { id: string }) => question.id)).toEqual(['q1', 'q2'])
    askId = ask.body.id
  })

  it('refuses an ask\'s bad questions and schedule, naming each field', async () => {
    const refused = await asOffice('/asks', {
      purposeId: 'cpp_none0000000000000', audience: ['class:3S'], closesOn: addDays(families.today, 10), answeredBy: 'every_adult',
      questions: [{ label: 'Lunch', kind: 'choice' }, { label: 'Dinner', kind: 'yes_no', choices: ['a', 'b'] }], reminders: { afterSending: [0, 3, 3] }
    })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(refused.body.data.fields.map((field: { path: string }) => field.path))
      .toEqual(expect.arrayContaining(['questions[0].choices', 'questions[1].choices', 'reminders.afterSending[0]', 'reminders.afterSending']))
  })

  it('shows the parent what she signs, and refuses a wrong name, a missing required answer, a hostile or oversized form', async () => {
    const item = (await portal(families.mother, '')).body.items.find((found: { ask: { id: string } }) => found.ask.id === askId)
    expect(item).toMatchObject({ status: null, myAnswer: null, signing: { language: 'en' }, ask: { text: 'We leave at 9:00.', signature: 'required' } })
    const base = { askId, childId: families.aroha, answer: 'yes', shownHash: item.signing.shownHash }
    const wrongName = await portal(families.mother, '/answers', { ...base, answers: medical, signature: { name: 'Rawiri Ngata', agreed: true } })
    expectEnvelope(wrongName, 400, 'validation_failed')
    expect(wrongName.body.data.fields).toEqual([expect.objectContaining({ path: 'signature' })])
    const missing = await portal(families.mother, '/answers', { ...base, answers: { q2: 'Packed' }, signature: { name: 'Hine Ngata', agreed: true } })
    expect(missing.body.data.fields).toEqual([expect.objectContaining({ path: 'answers.q1' })])
    const notTicked = await portal(families.mother, '/answers', { ...base, answers: medical, signature: { name: 'Hine Ngata', agreed: false } })
    expect(notTicked.body.data.fields).toEqual([expect.objectContaining({ path: 'signature.agreed' })])
    const control = await portal(families.mother, '/answers', { ...base, answers: { q1: 'bad\u0007bell' }, signature: { name: 'Hine Ngata', agreed: true } })
    expect(control.body.data.fields).toEqual([expect.objectContaining({ path: 'answers.q1' })])
    const oversized = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`q${i + 1}`, 'x'.repeat(4990)]))
    expectEnvelope(await portal(families.mother, '/answers', { ...base, answers: oversized, signature: { name: 'Hine Ngata', agreed: true } }),
      400, 'validation_failed')
    const changedWords = { ...base, answers: medical, signature: { name: 'Hine Ngata', agreed: true }, shownHash: 'a'.repeat(64) }
    expectEnvelope(await portal(families.mother, '/answers', changedWords), 409, 'conflict')
  })

  it('keeps the signature with the account, address and browser, and the office reads and checks it', async () => {
    const item = (await portal(families.mother, '')).body.items.find((found: { ask: { id: string } }) => found.ask.id === askId)
    const signed = await portal(families.mother, '/answers', {
      askId, childId: families.aroha, answer: 'yes', answers: { ...medical, q2: 'Packed' }, signature: { name: 'hine ngata', agreed: true },
      shownHash: item.signing.shownHash
    })
    expect(signed.status).toBe(201)
    expect(signed.body).toMatchObject({ signed: true, shownHash: item.signing.shownHash })
    const after = (await portal(families.mother, '')).body.items.find((found: { ask: { id: string } }) => found.ask.id === askId)
    expect(after).toMatchObject({ myAnswer: 'yes', myAnswerId: signed.body.id, status: null })
    expect(after.mySignedAt).toBe(signed.body.answeredAt)

    const detail = await asOffice(`/answers/${signed.body.id}`)
    expect(detail.body.signature).toMatchObject({ name: 'hine ngata', browser: 'Firefox on Android', language: 'en', matches: true })
    expect(detail.body.signature.address).toMatch(/^127\./)
    expect(detail.body.answers).toEqual([
      expect.objectContaining({ questionId: 'q1', medical: true, value: medical.q1 }), expect.objectContaining({ questionId: 'q2', value: 'Packed' })
    ])
    expect((await asOffice(`/answers/${signed.body.id}/check`, { hash: item.signing.shownHash.toUpperCase() })).body).toMatchObject({ matches: true })
    expect((await asOffice(`/answers/${signed.body.id}/check`, { hash: 'b'.repeat(64) })).body).toMatchObject({ matches: false })
    expectEnvelope(await asOffice(`/answers/${signed.body.id}/check`, { hash: 'not a hash' }), 400, 'validation_failed')

    expectEnvelope(await asOffice(`/asks/${askId}`, { text: 'We leave at 10:00.' }, 'PATCH'), 409, 'conflict')
    const waiting = await asOffice(`/asks/${askId}/answers?waiting=true`)
    expect(waiting.body.items).toHaveLength(1)
    expect(waiting.body.items[0].adults.map((adult: { adult: { givenNames: string }, signed: boolean }) => [adult.adult.givenNames, adult.signed]))
      .toEqual(expect.arrayContaining([['Hine', true], ['Rawiri', false]]))
  })

  it('hands the parent and the office the receipt as a PDF, and nobody else', async () => {
    const item = (await portal(families.mother, '')).body.items.find((found: { ask: { id: string } }) => found.ask.id === askId)
    const receipt = await fetch(`${inject('baseUrl')}/api/app/portal/consents/answers/${item.myAnswerId}/receipt`, {
      headers: { cookie: cookies[families.mother]! }
    })
    expect(receipt.status).toBe(200)
    expect(receipt.headers.get('content-type')).toBe('application/pdf')
    expect(receipt.headers.get('content-disposition')).toContain(`consent-receipt-${item.myAnswerId}.pdf`)
    expect(Buffer.from(await receipt.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const officeCopy = await fetch(`${inject('baseUrl')}/api/app/consents/answers/${item.myAnswerId}/receipt`, { headers: { cookie: office } })
    expect(officeCopy.status).toBe(200)
    expectEnvelope(await portal(families.father, `/answers/${item.myAnswerId}/receipt`), 404, 'not_found')
  })

  it('reminds the father now, and lists the reminder with the schedule still to come', async () => {
    expect((await asOffice(`/asks/${askId}/reminders`, {})).status).toBe(201)
    const reminders = await asOffice(`/asks/${askId}/reminders`)
    expect(reminders.body.items).toEqual([expect.objectContaining({ due: expect.stringMatching(/^now:msg_/), adults: 1 })])
    expect((await asOffice(`/asks/${askId}`)).body.nextReminderOn).toBe(addDays(families.today, 3))
  })
})
