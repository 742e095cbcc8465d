import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { messageRecipients } from '../../db/schema'
import { changeConsentAsk } from '../../server/domain/consents/change-consent-ask'
import { createConsentAsk } from '../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../server/domain/consents/consent-purposes'
import { createFeeSchedule, editFeeDraft, publishFeeVersion } from '../../server/domain/fees/fee-schedules'
import { sendMessage } from '../../server/domain/messages/send-message'
import { addDays } from '../../server/domain/days/calendar'
import { formatDay } from '../../shared/school-time'
import { useBrowser, waitForApp } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedPortalFamilies } from '../support/portal-families'
import { newSchool } from '../support/schools'
import { checkScreen, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

/** Opens a portal page and waits until the app has mounted over the server's page. */
async function open(page: Page, path: string) {
  await page.goto(siteUrl() + path)
  await page.locator('h1').first().waitFor()
  await waitForApp(page)
}

// Tama's resident parent pays 70 % of his fees and the separated parent 30 %; the resident parent sees
// their own part only, answers an excursion's ask and reads the school's message.
describe('the family portal\'s Fees, Consents and Messages', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let context: BrowserContext
  let page: Page
  let askId: string
  let messageId: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Family Sections School' })
    families = await seedPortalFamilies(school)
    const year = Number(families.today.slice(0, 4)) + 1
    const { versionId } = await createFeeSchedule(school.context, { name: `${year} fees`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
    await editFeeDraft(school.context, versionId, {
      periods: [{ name: 'Term 1', kind: 'term', startsOn: `${year}-01-28`, endsOn: `${year}-04-09` }],
      lines: [{ category: 'tuition', description: 'Tuition', amount: 400_000, period: null, yearLevels: [], campusId: null }],
      concessionRules: []
    })
    await publishFeeVersion(school.context, versionId)
    const purpose = await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })
    askId = (await createConsentAsk(
      school.context,
      { purposeId: purpose.id, subject: 'Zoo', audience: ['year:3'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' }
    )).id
    messageId = (await sendMessage(school.context, { subject: 'Sports day', body: 'Sports day is on Friday.\nBring a hat.', audience: ['year:3'] })).id
    const { cookie } = await familySession(school, families.resident)
    context = await (await useBrowser()).newContext()
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('Fees shows the parent\'s own 70 % part and nothing of the other payer\'s', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-fees.png', fullPage: true }).then(() => {}, () => {}))
    await open(page, '/family/fees')
    await page.getByRole('heading', { name: 'Tama Parata' }).waitFor()
    const term = page.locator('[data-fee-period="Tama Term 1"]')
    await expect(term.innerText()).resolves.toMatch(/Your share: 70% of \S*\$4,000\.00/)
    await expect(term.locator('[data-your-part]').innerText()).resolves.toMatch(/Your part for Term 1\s+\S*\$2,800\.00/)
    const main = await page.locator('main').innerText()
    expect(main).not.toMatch(/1,200\.00|30%|Hohepa|Manaia/)
    await checkScreen(page, 'family-fees')
  })

  it('Consents answers Yes, shows it in the history, and puts the server\'s refusal on the one error line', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-consents.png', fullPage: true }).then(() => {}, () => {}))
    await open(page, '/family/consents')
    const ask = page.locator('[data-consent-ask="Tama Excursion: Zoo"]')
    await expect(ask.locator('[data-my-answer]').innerText()).resolves.toBe('Not answered yet')
    await checkScreen(page, 'family-consents')
    await ask.getByRole('button', { name: 'Yes to Excursion: Zoo for Tama' }).click()
    await page.getByText('Answer recorded: Yes', { exact: true }).waitFor()
    const history = page.getByRole('list', { name: 'Your answers to Excursion: Zoo for Tama' })
    await expect(history.innerText()).resolves.toContain(`Yes from ${formatDay(families.today, 'en')}`)
    await expect(ask.locator('[data-my-answer]').innerText()).resolves.toBe('Yes')

    // The office closes the ask while the page is open: the server's words, and nothing recorded.
    await changeConsentAsk(school.context, askId, { status: 'closed' })
    await ask.getByRole('button', { name: 'No to Excursion: Zoo for Tama' }).click()
    await expect(page.locator('main').getByRole('alert').innerText()).resolves.toContain('This ask no longer takes answers.')
    await expect(history.getByRole('listitem').count()).resolves.toBe(1)
  })

  it('Messages lists the message unread, and reading it marks it read', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-messages.png', fullPage: true }).then(() => {}, () => {}))
    await open(page, '/family/messages')
    const item = page.locator('[data-message="Sports day"]')
    await expect(item.innerText()).resolves.toMatch(/Unread\s+Sports day/)
    await checkScreen(page, 'family-messages')
    await item.getByRole('link').click()
    await page.waitForURL(new RegExp(`/family/messages/${messageId}$`))
    await page.getByRole('heading', { level: 1, name: 'Sports day' }).waitFor()
    await expect(page.locator('[data-message-body]').innerText()).resolves.toContain('Bring a hat.')
    const [receipt] = await school.database.db.select({ readAt: messageRecipients.readAt }).from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.adultId, families.resident)))
    expect(receipt?.readAt).toMatch(/Z$/)
    await checkScreen(page, 'family-message')
    await page.getByRole('link', { name: 'Back to the messages' }).click()
    await page.waitForURL(/\/family\/messages$/)
    await expect(item.innerText()).resolves.not.toContain('Unread')
  })
})
