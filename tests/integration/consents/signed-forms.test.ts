import { beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFStream } from 'pdf-lib'
import { changeEvents, consentAsks, consents, messageRecipients, messages } from '../../../db/schema'
import { changeConsentAsk } from '../../../server/domain/consents/change-consent-ask'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer, type Signer } from '../../../server/domain/consents/record-answer'
import { portalConsents } from '../../../server/domain/consents/portal-consents'
import { askAnswersPage } from '../../../server/domain/consents/answer-lists'
import { answerDetail, checkReceiptHash, ownSignedAnswer } from '../../../server/domain/consents/signed-answers'
import { consentReceipt } from '../../../server/domain/consents/consent-receipt'
import { askReminders, dueReminderAsks, remindUnanswered, sendDueReminders } from '../../../server/domain/consents/reminders'
import { shownBytes, shownHash, shownWords } from '../../../server/domain/consents/signed-words'
import { addDays } from '../../../server/domain/days/calendar'
import { seedPortalFamilies } from '../../support/portal-families'
import { seedClass } from '../../support/consent-fixtures'
import { newSchool } from '../../support/schools'

/** The bytes of the PDF's one attached file (its `EmbeddedFiles` name tree's first entry). */
function attachedFile(pdf: PDFDocument): Uint8Array {
  const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray)
  const spec = names.lookup(1, PDFDict)
  // PDFDict's lookup is typed for PDFStream, whose kind an embedded file's raw stream is.
  const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream) as PDFRawStream
  return decodePDFRawStream(stream).decode()
}

/*
 * Forms families sign (docs/consents.md, "Signatures", "Questions", "Reminders"): an excursion form both parents
 * must sign, with a medical question, walked from the first signature to the child's yes, with the reminder the
 * clock brings, the receipt and its hash.
 */
describe('an excursion form both parents sign', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let askId: string
  const signer: Signer = { accountId: 'acc_signer0000000000', address: '192.0.2.7', browser: 'Firefox on Android' }
  const medical = { q1: 'Asthma: inhaler in her bag', q2: 'Vegetarian' }

  beforeAll(async () => {
    school = await newSchool({ name: 'Signed Forms School' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3N', [families.aroha])
    const purposeId = (await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).id
    askId = (await createConsentAsk(school.context, {
      purposeId, subject: 'Museum visit', audience: ['class:3N'], closesOn: addDays(families.today, 10), answeredBy: 'every_adult',
      text: 'We leave at 9:00 by bus and are back by 15:00.\nBring a packed lunch.', signature: 'required',
      questions: [
        { label: 'Medical needs on the day', kind: 'long_text', required: true, medical: true },
        { label: 'Dietary needs', kind: 'short_text', required: false, medical: false },
        { label: 'May we apply sunscreen?', kind: 'yes_no', required: false, medical: false }
      ],
      reminders: { afterSending: [3], beforeClosing: [1] }
    })).id
  })

  const sign = (adultId: string, name: string, answers: Record<string, string | boolean | null> = medical, shown?: string) =>
    recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId, answer: 'yes', answers, signature: { name }, signer, shownHash: shown })
  const refusalOf = (attempt: Promise<unknown>) =>
    attempt.then(() => undefined, (error: { code: string, extras: { fields?: { path: string }[] } }) =>
      ({ code: error.code, paths: error.extras.fields?.map(f => f.path) }))
  const answersKept = async () => (await school.database.db.select({ id: consents.id }).from(consents).where(eq(consents.askId, askId))).length
  const statusOfAroha = async () => (await askAnswersPage(school.context, askId, families.today, { limit: 100 })).items
    .find(item => item.child.id === families.aroha)!.status

  it('refuses a name that is not the adult\'s, a missing required question, and an unsigned answer, and records nothing', async () => {
    expect(await refusalOf(sign(families.mother, 'Rawiri Ngata'))).toEqual({ code: 'validation_failed', paths: ['signature'] })
    expect(await refusalOf(sign(families.mother, 'Hine Ngata', { q2: 'Vegetarian' }))).toEqual({ code: 'validation_failed', paths: ['answers.q1'] })
    expect(await refusalOf(sign(families.mother, 'Hine Ngata', { ...medical, q3: 'yes' }))).toEqual({ code: 'validation_failed', paths: ['answers.q3'] })
    expect(await refusalOf(sign(families.mother, 'Hine Ngata', { ...medical, q9: 'x' }))).toEqual({ code: 'validation_failed', paths: ['answers.q9'] })
    expect(await refusalOf(recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId: families.mother, answer: 'yes', answers: medical })))
      .toEqual({ code: 'validation_failed', paths: ['signature'] })
    expect(await answersKept()).toBe(0)
  })

  it('shows the mother what she signs in her language, with its hash, and no overall status on an every-adult ask', async () => {
    const item = (await portalConsents(school.context, families.mother, families.today)).items.find(found => found.ask.id === askId)!
    expect(item.status).toBeNull()
    expect(item.ask.questions.map(question => question.id)).toEqual(['q1', 'q2', 'q3'])
    expect(item.signing).toMatchObject({ language: 'en', statement: expect.stringContaining('I confirm') })
    expect(await refusalOf(sign(families.mother, 'Hine Ngata', medical, 'f'.repeat(64)))).toMatchObject({ code: 'conflict' })
  })

  it('keeps the mother\'s signature (name compared ignoring case and spacing) and her form; the child waits for the father', async () => {
    const item = (await portalConsents(school.context, families.mother, families.today)).items.find(found => found.ask.id === askId)!
    const answer = await sign(families.mother, '  hine   NGATA ', medical, item.signing!.shownHash)
    expect(answer).toMatchObject({ signed: true, shownHash: item.signing!.shownHash })
    const [row] = await school.database.db.select().from(consents).where(eq(consents.id, answer.id))
    expect(row).toMatchObject({
      signedName: 'hine   NGATA', signedAccountId: signer.accountId, signedAddress: signer.address, signedBrowser: signer.browser, shownLanguage: 'en',
      formAnswers: JSON.stringify({ q2: 'Vegetarian' }), medicalAnswers: JSON.stringify({ q1: medical.q1 })
    })
    expect(await statusOfAroha()).toBe('not_yet')
    const waiting = await askAnswersPage(school.context, askId, families.today, { limit: 100 }, { waiting: true })
    expect(waiting.items.find(found => found.child.id === families.aroha)!.adults.map(adult => [adult.adult.givenNames, adult.signed]))
      .toEqual(expect.arrayContaining([['Hine', true], ['Rawiri', false]]))
    // The event says which answer, never what the form holds.
    const events = await school.database.db.select().from(changeEvents).where(eq(changeEvents.recordId, answer.id))
    expect(JSON.stringify(events)).not.toContain('Asthma')
  })

  it('no longer lets the office reword an ask once an answer is signed (conflict); its reminders may still move', async () => {
    expect(await refusalOf(changeConsentAsk(school.context, askId, { text: 'We leave at 10:00.' }))).toMatchObject({ code: 'conflict' })
    expect(await refusalOf(changeConsentAsk(school.context, askId, { questions: [] }))).toMatchObject({ code: 'conflict' })
    const moved = await changeConsentAsk(school.context, askId, { reminders: { afterSending: [3], beforeClosing: [1] } })
    expect(moved.nextReminderOn).toBe(addDays(families.today, 3))
  })

  it('reminds only the father once the clock moves three days, once however often the worker looks', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000 + 60_000)
    expect(await dueReminderAsks(school.database, [school.id], new Date())).not.toContain(askId)
    expect(await dueReminderAsks(school.database, [school.id], later)).toContain(askId)
    expect(await sendDueReminders(school.database, askId, later)).toBe(1)
    expect(await sendDueReminders(school.database, askId, later)).toBe(0)
    const [reminder] = (await askReminders(school.context, askId)).items
    expect(reminder).toMatchObject({ due: 'after:3', adults: 1, sentBy: null })
    const [message] = await school.database.db.select().from(messages).where(and(eq(messages.schoolId, school.id), eq(messages.askId, askId)))
    const told = await school.database.db.select({ adultId: messageRecipients.adultId }).from(messageRecipients)
      .where(eq(messageRecipients.messageId, message!.id))
    expect(told.map(row => row.adultId)).toEqual([families.father])
    const [ask] = await school.database.db.select().from(consentAsks).where(eq(consentAsks.id, askId))
    expect(ask!.nextReminderOn).toBe(addDays(families.today, 9))
  })

  it('turns the child yes when the father signs, and then reminds nobody, now or on schedule', async () => {
    await sign(families.father, 'Rawiri Ngata')
    expect(await statusOfAroha()).toBe('yes')
    expect(await refusalOf(remindUnanswered(school.context, askId, {}))).toMatchObject({ code: 'audience_empty' })
    const dayBeforeClosing = new Date(Date.now() + 9 * 86_400_000 + 60_000)
    expect(await sendDueReminders(school.database, askId, dayBeforeClosing)).toBe(0)
    expect((await askReminders(school.context, askId)).items[0]).toMatchObject({ due: 'before:1', adults: 0 })
    const [ask] = await school.database.db.select().from(consentAsks).where(eq(consentAsks.id, askId))
    expect(ask!.nextReminderOn).toBeNull()
  })

  it('gives a receipt whose hash is the stored one and the hash of the words attached; altered words no longer match', async () => {
    const [mine] = await school.database.db.select().from(consents).where(and(eq(consents.askId, askId), eq(consents.adultId, families.mother)))
    const found = await ownSignedAnswer(school.context, families.mother, mine!.id)
    const bytes = await consentReceipt(school.context, found)
    const text = Buffer.from(bytes).toString('latin1')
    expect(text.startsWith('%PDF-')).toBe(true)
    expect(text).not.toMatch(/\/JavaScript|\/JS\b|\/OpenAction|\/AA\b|\/Launch/)
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(pdf.getSubject()).toBe(`SHA-256 ${mine!.shownHash}`)
    const words = shownWords(found.ask, found.purpose, 'en')
    expect(createHash('sha256').update(shownBytes(words)).digest('hex')).toBe(mine!.shownHash)
    expect(createHash('sha256').update(attachedFile(pdf)).digest('hex')).toBe(mine!.shownHash)
    expect(shownHash({ ...words, text: 'We leave at 10:00.' })).not.toBe(mine!.shownHash)
    expect(await checkReceiptHash(school.context, mine!.id, mine!.shownHash!)).toMatchObject({ matches: true })
    expect(await checkReceiptHash(school.context, mine!.id, 'a'.repeat(64))).toMatchObject({ matches: false })
    // The words altered behind Rollbook's back: the record no longer matches what was signed.
    await school.database.transaction(tx => tx.update(consentAsks).set({ text: 'We leave at 10:00.' }).where(eq(consentAsks.id, askId)))
    expect(await checkReceiptHash(school.context, mine!.id, mine!.shownHash!)).toMatchObject({ matches: false })
    expect((await answerDetail(school.context, mine!.id)).signature).toMatchObject({ matches: false, name: 'hine   NGATA' })
    await school.database.transaction(tx => tx.update(consentAsks).set({ text: found.ask.text }).where(eq(consentAsks.id, askId)))
    expect((await answerDetail(school.context, mine!.id)).answers.map(answer => [answer.questionId, answer.medical]))
      .toEqual([['q1', true], ['q2', false]])
  })

  it('gives a receipt to its own adult only', async () => {
    const [mine] = await school.database.db.select().from(consents).where(and(eq(consents.askId, askId), eq(consents.adultId, families.mother)))
    expect(await refusalOf(ownSignedAnswer(school.context, families.father, mine!.id))).toMatchObject({ code: 'not_found' })
    expect(await refusalOf(ownSignedAnswer(school.context, families.mother, 'cns_doesnotexist000000'))).toMatchObject({ code: 'not_found' })
  })
})

describe('a scheduled reminder two workers find due at once', () => {
  it('is sent once: the reminder, its log and the next day commit together, and the second worker writes nothing', async () => {
    const school = await newSchool({ name: 'Twice Reminded School' })
    const families = await seedPortalFamilies(school)
    await seedClass(school, '3T', [families.aroha])
    const purposeId = (await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).id
    const askId = (await createConsentAsk(school.context, {
      purposeId, subject: 'Zoo', audience: ['class:3T'], closesOn: addDays(families.today, 10), answeredBy: 'any_adult',
      reminders: { afterSending: [2], beforeClosing: [] }
    })).id
    const later = new Date(Date.now() + 2 * 86_400_000 + 60_000)
    const reached = await Promise.all([sendDueReminders(school.database, askId, later), sendDueReminders(school.database, askId, later)])
    expect(reached.filter(adults => adults > 0)).toEqual([2])
    expect(await school.database.db.select({ id: messages.id }).from(messages).where(eq(messages.askId, askId))).toHaveLength(1)
    expect((await askReminders(school.context, askId)).items).toEqual([expect.objectContaining({ due: 'after:2', adults: 2 })])
  })
})

describe('the page of those still to answer', () => {
  it('pages through exactly the children still at not yet, in name order, one at a time', async () => {
    const school = await newSchool({ name: 'Still Waiting School' })
    const families = await seedPortalFamilies(school)
    const purposeId = (await createConsentPurpose(school.context, { name: 'Photographs', aboutNamedThing: false, lasting: 'each_occasion' })).id
    const askId = (await createConsentAsk(school.context, {
      purposeId, audience: ['year:3'], closesOn: addDays(families.today, 5), answeredBy: 'any_adult'
    })).id
    await recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId: families.mother, answer: 'yes' })
    const all = (await askAnswersPage(school.context, askId, families.today, { limit: 100 })).items
    const expected = all.filter(item => item.status === 'not_yet').map(item => item.child.id)
    expect(expected.length).toBeGreaterThan(1)
    expect(expected).not.toContain(families.aroha)
    const seen: string[] = []
    let after: [string, string] | undefined
    for (let pages = 0; pages < 20; pages++) {
      const page = await askAnswersPage(school.context, askId, families.today, { limit: 1, after }, { waiting: true })
      seen.push(...page.items.map(item => item.child.id))
      if (!page.next) break
      after = page.next
    }
    expect(seen).toEqual(expected)
  })
})
