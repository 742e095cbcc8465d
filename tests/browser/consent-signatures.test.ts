import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { and, eq } from 'drizzle-orm'
import { consentAsks } from '../../db/schema'
import { createConsentAsk } from '../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../server/domain/consents/record-answer'
import { addDays } from '../../server/domain/days/calendar'
import { useBrowser, waitForApp } from '../support/browser'
import { seedClass } from '../support/consent-fixtures'
import { familySession } from '../support/family-sessions'
import { seedPortalFamilies } from '../support/portal-families'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

/** A page signed in with a session's cookie, at a width; a failing test leaves its screenshot. */
async function signedInPage(browser: Browser, cookie: string, width: number, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } })
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  const page = await context.newPage()
  onTestFailed(() => page.screenshot({ path: `tests/artifacts/failed-${name}.png`, fullPage: true }).then(() => {}, () => {}))
  return page
}

/** axe with every rule at the phone's width the portal is designed at (checkScreen scans at 1280 px). */
async function axeAtPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  const results = await new AxeBuilder({ page }).analyze()
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(grave.map(violation => `${name} at 390 px: ${violation.id}: ${violation.nodes.map(node => node.html.slice(0, 160)).join(', ')}`)).toEqual([])
}

/** The problem a form shows beside a field: the element its control names in `aria-describedby` as its error. */
async function problemBeside(control: Locator) {
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true')
  const error = (await control.getAttribute('aria-describedby'))!.split(' ').find(id => id.endsWith('-error'))!
  return control.page().locator(`[id="${error}"]`).innerText()
}

/** A receipt's address answers a PDF to the session that holds it. */
async function expectReceipt(page: Page, link: Locator) {
  const answer = await page.request.get(siteUrl() + await link.getAttribute('href'))
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('application/pdf')
  expect(answer.headers()['content-disposition']).toMatch(/^attachment/)
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-')
}

// Class 3A's excursion to the zoo: both of Aroha's parents must sign, with a medical question. Hine signs on her phone;
// the office then sees who is still to sign, her signature and answers, and checks her receipt's hash.
describe('signed consent forms', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let purposeId: string
  let askId: string
  let browser: Browser

  beforeAll(async () => {
    school = await newSchool({ name: 'Consent Signatures School' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3A', [families.aroha, families.wiremu])
    purposeId = (await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).id
    askId = (await createConsentAsk(school.context, {
      purposeId, subject: 'Zoo', audience: ['class:3A'], closesOn: addDays(families.today, 7), occasionOn: null, answeredBy: 'every_adult',
      text: 'We leave at 9:00 by bus and are back by 15:00.\nBring a packed lunch.', signature: 'required',
      questions: [
        { label: 'Medical needs on the day', kind: 'long_text', required: true, medical: true },
        { label: 'May we apply sunscreen?', kind: 'yes_no', required: true, medical: false }
      ],
      reminders: { afterSending: [3], beforeClosing: [1] }
    })).id
    // Wiremu's parent signed on paper: typed in by the office, so Wiremu is no longer waiting for anyone.
    await recordConsentAnswer(school.context, {
      askId, childId: families.wiremu, adultId: families.staffParent, answer: 'yes', answers: { q1: 'None', q2: true }, onBehalf: true, day: families.today
    })
    browser = await useBrowser()
  })
  afterAll(async () => {
    await Promise.all(browser.contexts().map(context => context.close()))
  })

  it('signs the form on a phone: the questions answered, a name not hers refused beside the field, then signed with its receipt', async () => {
    const page = await signedInPage(browser, (await familySession(school, families.mother)).cookie, 390, 'consent-signing')
    await page.goto(`${siteUrl()}/family/consents`)
    await page.locator('h1').first().waitFor()
    await waitForApp(page)
    const ask = page.locator('[data-consent-ask="Aroha Excursion: Zoo"]')
    await expect(ask.locator('[data-ask-text]').innerText()).resolves.toBe('We leave at 9:00 by bus and are back by 15:00.\nBring a packed lunch.')
    // Both parents answer for themselves: nothing says where Aroha stands, which would tell Hine her husband's answer.
    await expect(ask.innerText()).resolves.toContain('Each adult answers for themselves; only your own answer is shown here.')
    await expect(ask.innerText()).resolves.not.toContain('For Aroha')

    await ask.getByRole('group', { name: 'Your answer' }).getByRole('radio', { name: 'Yes' }).check()
    const sign = ask.getByRole('button', { name: 'Sign and send: Excursion: Zoo for Aroha' })
    await sign.click()
    // Checked in the browser first: the required questions, the statement and the name.
    await expect(problemBeside(ask.getByLabel('Medical needs on the day'))).resolves.toBe('Answer this question.')
    await expect(problemBeside(ask.getByLabel('Type your full name'))).resolves.toBe('Type your full name.')
    await ask.getByLabel('Medical needs on the day').fill('Asthma: her inhaler is in her bag.')
    await ask.getByRole('group', { name: 'May we apply sunscreen?' }).getByRole('radio', { name: 'Yes' }).check()
    await ask.getByRole('checkbox').check()
    await ask.getByLabel('Type your full name').fill('Rawiri Ngata')
    await axeAtPhoneWidth(page, 'family-consent-form')
    await checkScreen(page, 'family-consent-form')
    await page.setViewportSize({ width: 390, height: 844 })
    await sign.click()
    // The server's refusal: the name is her husband's, not hers. Nothing is recorded.
    await expect(problemBeside(ask.getByLabel('Type your full name'))).resolves.toBe('Type your full name as the school has it.')
    await expect(ask.locator('[data-my-answer]').innerText()).resolves.toBe('Not answered yet')

    // Case and spacing aside, her name on record.
    await ask.getByLabel('Type your full name').fill('hine  NGATA')
    await sign.click()
    await page.getByText('Signed: Yes', { exact: true }).waitFor()
    await expect(ask.locator('[data-my-answer]').innerText()).resolves.toBe('Yes')
    await expect(ask.locator('[data-my-signature]').innerText()).resolves.toMatch(/\d{4}, \d{1,2}:\d{2}\s[AP]M$/)
    await expect(ask.locator('form').count()).resolves.toBe(0)
    await expectReceipt(page, ask.getByRole('link', { name: 'Download the receipt of your answer to Excursion: Zoo for Aroha' }))
    // Afresh, without the toast (whose focus guards axe counts as focusable yet hidden).
    await page.reload()
    await ask.locator('[data-my-signature]').waitFor()
    await waitForApp(page)
    await axeAtPhoneWidth(page, 'family-consent-signed')
    await checkScreen(page, 'family-consent-signed')
  })

  it('asks with questions and a signature from the office, lists who is still to sign, and opens a signed answer to check its receipt', async () => {
    const page = await signedInPage(browser, (await staffSession(school, 'office')).cookie, 1280, 'consent-signatures-office')
    await page.goto(`${siteUrl()}/staff/consents`)
    await page.getByRole('row').filter({ hasText: 'Zoo' }).waitFor()

    await page.getByRole('button', { name: 'New ask' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Subject').fill('Museum')
    await dialog.getByLabel('Audience').fill('class:3A')
    await dialog.getByLabel('Closes on').fill(addDays(families.today, 10))
    await dialog.getByLabel('Text for families').fill('A morning at the museum.')
    await dialog.getByLabel('A signature is required').check()
    await dialog.getByRole('button', { name: 'Add a question' }).click()
    await dialog.getByLabel(/^Question 1/).fill('How does your child get home?')
    await dialog.getByRole('combobox', { name: 'Kind of answer to question 1' }).click()
    await page.getByRole('option', { name: 'Choice' }).click()
    await dialog.getByLabel('Choices for question 1').fill('Bus')
    await dialog.getByLabel('Must be answered').check()
    await dialog.getByRole('button', { name: 'Add a question' }).click()
    await dialog.getByLabel(/^Question 2/).fill('Allergies')
    await dialog.getByLabel('Medical', { exact: true }).nth(1).check()
    await dialog.getByRole('button', { name: 'Move question 2 up' }).click()
    await expect(dialog.getByLabel(/^Question 1/).inputValue()).resolves.toBe('Allergies')
    await dialog.getByLabel('Days after sending').fill('3, 7')
    await dialog.getByRole('button', { name: 'Ask families' }).click()
    // A choice needs two choices: the schema's words beside the field, nothing asked.
    await expect(problemBeside(dialog.getByLabel('Choices for question 2'))).resolves.toBe('Give at least two choices.')
    await dialog.getByLabel('Choices for question 2').fill('Bus\nCollected by a parent')
    await checkScreen(page, 'staff-consent-ask-form', ['[role="dialog"]'], { phone: false })
    await dialog.getByRole('button', { name: 'Ask families' }).click()
    await page.getByRole('row').filter({ hasText: 'Museum' }).waitFor()

    await page.getByRole('row').filter({ hasText: 'Zoo' }).getByRole('button', { name: 'Answers to Excursion' }).click()
    const card = page.locator('#ask-answers')
    const answers = card.getByRole('table', { name: 'Answers to Excursion' })
    await answers.getByText('Hine Ngata: Yes').waitFor()
    await expect(card.locator('[data-ask-words]').innerText()).resolves.toMatch(/First signed .*: its words no longer change/)
    await expect(card.getByRole('button', { name: 'Edit the words' }).count()).resolves.toBe(0)
    await expect(card.locator('[data-reminders]').innerText()).resolves.toContain('They go by themselves on days 3 after sending and 1 before closing.')
    const aroha = answers.getByRole('row').filter({ hasText: 'Aroha Ngata' })
    await expect(aroha.innerText()).resolves.toMatch(/Hine Ngata: Yes\s+from .*\s+Signed/)
    await expect(answers.getByRole('row').filter({ hasText: 'Wiremu Kingi' }).count()).resolves.toBe(1)
    // Still to sign: Aroha (her father has not), and not Wiremu, whose one parent's paper form is in.
    await card.getByLabel('Only those still to sign').check()
    await expect.poll(() => answers.getByRole('row').filter({ hasText: 'Wiremu Kingi' }).count()).toBe(0)
    await expect(aroha.count()).resolves.toBe(1)
    await checkScreen(page, 'staff-consent-answers', ['#ask-answers'])

    await aroha.getByRole('button', { name: 'Details of the answer of Hine Ngata for Aroha Ngata' }).click()
    const detail = page.getByRole('dialog', { name: 'The answer of Hine Ngata for Aroha Ngata' })
    const signature = detail.locator('[data-signature]')
    await expect(signature.innerText()).resolves.toMatch(/Name typed\s+hine\s+NGATA\s+Account\s+acc_\w+/)
    await detail.getByText('The words signed are the ask\'s words now').waitFor()
    await expect(detail.locator('[data-form-answers]').innerText())
      .resolves.toMatch(/Medical needs on the day\s+Medical\s+Asthma: her inhaler is in her bag\.\s+May we apply sunscreen\?\s+Yes/)
    await expectReceipt(page, detail.getByRole('link', { name: 'Download the receipt (PDF)' }))
    const shown = (await detail.locator('[data-shown-hash]').innerText()).trim()
    // A hash read off the receipt, typed in capitals: the same hash.
    await detail.getByLabel('Receipt\'s hash').fill(shown.toUpperCase())
    await detail.getByRole('button', { name: 'Check', exact: true }).click()
    await expect.poll(() => detail.locator('[data-receipt-check]').innerText()).toMatch(/^Match\s/)
    await detail.getByLabel('Receipt\'s hash').fill(`${shown.slice(0, 63)}${shown.endsWith('0') ? '1' : '0'}`)
    await detail.getByRole('button', { name: 'Check', exact: true }).click()
    await expect.poll(() => detail.locator('[data-receipt-check]').innerText()).toMatch(/^No match\s/)
    await checkScreen(page, 'staff-consent-answer-detail', ['[role="dialog"]'], { phone: false })
  })

  it('sends a reminder now; offers to reword an unsigned ask, refused once an answer is signed; still changes the schedule', async () => {
    const page = await signedInPage(browser, (await staffSession(school, 'office')).cookie, 1280, 'consent-signatures-reword')
    await page.goto(`${siteUrl()}/staff/consents`)
    await page.getByRole('row').filter({ hasText: 'Museum' }).getByRole('button', { name: 'Answers to Excursion' }).click()
    const reminders = page.locator('#ask-answers [data-reminders]')
    await reminders.getByText('No reminder sent yet.').waitFor()
    await reminders.getByRole('button', { name: 'Send a reminder now' }).click()
    await expect.poll(() => reminders.innerText()).toMatch(/Sent by the office: to \d+ adults?\s/)
    await page.locator('#ask-answers').getByRole('button', { name: 'Edit the words' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Text for families').fill('A morning at the museum, back by noon.')
    // Rawiri signs in the portal while the office is editing: the words are now fixed.
    const [museum] = await school.database.db.select({ id: consentAsks.id }).from(consentAsks)
      .where(and(eq(consentAsks.schoolId, school.id), eq(consentAsks.subject, 'Museum')))
    await recordConsentAnswer(school.context, {
      askId: museum!.id, childId: families.aroha, adultId: families.father, answer: 'yes', answers: { q2: 'Bus' }, signature: { name: 'Rawiri Ngata' },
      signer: { accountId: 'acc_browsertest00000', address: '192.0.2.9', browser: 'Firefox on Android' }
    })
    await dialog.getByRole('button', { name: 'Save the words' }).click()
    await dialog.getByRole('alert').getByText('Answers are signed for these words: make a new ask to correct them.').waitFor()
    // The reminders' schedule is not among the words signed: it still changes.
    await page.keyboard.press('Escape')
    await reminders.getByRole('button', { name: 'Change the schedule' }).click()
    await page.getByRole('dialog').getByLabel('Days before closing').fill('2')
    await page.getByRole('dialog').getByRole('button', { name: 'Save the schedule' }).click()
    await expect.poll(() => reminders.innerText()).toContain('They go by themselves on days 3, 7 after sending and 2 before closing.')
  })
})
