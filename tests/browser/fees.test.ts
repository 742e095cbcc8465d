import { afterAll, describe, expect, it, onTestFailed } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { seedPortalFamilies } from '../support/portal-families'
import { checkScreen, siteUrl } from '../support/staff-browser'

const contexts: BrowserContext[] = []
afterAll(() => Promise.all(contexts.map(context => context.close())))

// The office drafts a schedule, publishes it, finds the published version refused any change and
// corrects it with a new version; a student's statement shows each payer's part.
describe('the fees screen', () => {
  it('drafts, publishes and corrects a schedule, and shows a student\'s statement', async () => {
    const school = await newSchool({ name: 'Fees Screen College' })
    const families = await seedPortalFamilies(school)
    const { cookie } = await staffSession(school, 'office')
    const context = await (await useBrowser()).newContext()
    contexts.push(context)
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    onTestFailed(async () => {
      await page.screenshot({ path: 'tests/artifacts/failed-fees.png', fullPage: true }).catch(() => {})
    })
    const year = new Date().getFullYear() + 1

    await page.goto(`${siteUrl()}/staff/fees`)
    await page.waitForLoadState('networkidle')
    await page.getByText('No fee schedules').waitFor()
    await page.getByRole('button', { name: 'New schedule' }).click()
    await page.getByRole('button', { name: 'Start the schedule' }).click()
    await page.getByRole('heading', { name: `${year} fees, version 1` }).waitFor()

    // Drafting: one period, one tuition line at an odd amount, a sibling concession of 10%.
    await page.getByRole('button', { name: 'Add a period' }).click()
    await page.getByLabel('Period 1 name').fill('Term 1')
    await page.locator('[data-period="0"] input[type="date"]').first().fill(`${year}-01-28`)
    await page.locator('[data-period="0"] input[type="date"]').last().fill(`${year}-04-09`)
    await page.getByRole('button', { name: 'Add a line' }).click()
    await page.getByLabel('Description').fill('Tuition')
    await page.getByLabel('Amount').fill('4000.01')
    await page.getByRole('button', { name: 'Add a concession rule' }).click()
    await page.getByLabel('Per cent').fill('10')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved').first().waitFor()
    await checkScreen(page, 'fees-draft')

    // Publishing fixes it: the form gives way to the published version, with a correction to start.
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText(/Published [A-Z][a-z]{2} \d{1,2}, \d{4} by office-/).waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Save draft' }).count()).toBe(0)

    // The statement: 400,001 less 10% is 360,001, split between the two parents; one takes the odd cent.
    await page.getByPlaceholder('Type a student\'s name').fill('Aroha')
    await page.getByRole('option', { name: /Ngata, Aroha/ }).click()
    const statement = page.locator('[data-period-statement="Term 1"]')
    await statement.getByText(/Total A?\$3,600\.01/).waitFor()
    await expect.poll(async () => (await statement.getByRole('list', { name: 'Who pays tuition' }).textContent()) ?? '')
      .toMatch(/50%, A?\$1,800\.01.*50%, A?\$1,800\.00/)
    // The whole page, the chosen student's box among it: its aria-activedescendant goes once its list closes.
    await checkScreen(page, 'fees-published')

    // Correcting: a new draft that names the published version and the day it applies from.
    await page.getByRole('button', { name: 'Start a correction' }).click()
    await page.getByLabel('Applies from').fill(`${year}-01-01`)
    await page.getByRole('button', { name: 'Start the correction' }).click()
    await page.getByRole('heading', { name: `${year} fees, version 2` }).waitFor()
    await page.getByLabel('Amount').fill('4200')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved').first().waitFor()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText(`A correction applying from Jan 1, ${year}.`).waitFor()
    await page.getByRole('button', { name: new RegExp(`${year} fees, version 1, published`) }).waitFor()
    await page.getByRole('button', { name: new RegExp(`${year} fees, version 2, published`) }).waitFor()
    expect(families.aroha).toMatch(/^per_/)

    // The student's record shows their statement: the correction first, as it charges from its day.
    await page.goto(`${siteUrl()}/staff/people/${families.aroha}`)
    const fees = page.locator('#person-fees')
    await fees.locator('[data-period-statement="Term 1"]').getByText(/Total A?\$3,780\.00/).waitFor()
    await checkScreen(page, 'person-fees', ['#person-fees'])
    await fees.getByRole('combobox', { name: 'Schedule' }).click()
    await page.getByRole('option', { name: `${year} fees, version 1` }).click()
    await fees.locator('[data-period-statement="Term 1"]').getByText(/Total A?\$3,600\.01/).waitFor()
    expect(consoleErrors).toEqual([])
  }, 240_000)
})
