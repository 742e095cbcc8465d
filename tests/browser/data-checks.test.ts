import { afterAll, describe, expect, it, onTestFailed } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { eq } from 'drizzle-orm'
import { dataChecks } from '../../db/schema'
import { addDays } from '../../server/domain/days/calendar'
import { todayInZone } from '../../server/domain/days/clock'
import { confirmDataCheck, correctDataCheck } from '../../server/domain/data-checks/portal-data-check'
import { useBrowser, waitForApp } from '../support/browser'
import { seedClass, seedYearFamilies } from '../support/consent-fixtures'
import { familySession } from '../support/family-sessions'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

/** axe at the phone's width (checkScreen scans at 1280 px), then back to the width before. */
async function scanAtPhoneWidth(page: Page, name: string) {
  const wide = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForTimeout(100)
  const results = await new AxeBuilder({ page }).analyze()
  await page.setViewportSize(wide)
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(grave.map(violation => `${name} at 390 px: ${violation.id}: ${violation.nodes.map(node => node.html.slice(0, 160)).join(', ')}`)).toEqual([])
}

/*
 * Issue 40 point 5 on the screens: the office starts a data check for year 7 (7B holds two families, 7C one), sees one
 * family confirm and another correct a phone, and reminds 7C; the third family, on a phone, is asked on the portal's
 * front page and sends a collector for their child, the schema's words beside a bad phone first.
 */
describe('the yearly data check on the screens', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedYearFamilies>>
  let checkId: string
  const contexts: BrowserContext[] = []
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })

  async function signedInPage(cookie: string, step: string, viewport = { width: 1280, height: 900 }) {
    const context = await (await useBrowser()).newContext({ viewport })
    contexts.push(context)
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    onTestFailed(() => page.screenshot({ path: `tests/artifacts/failed-data-checks-${step}.png`, fullPage: true }).then(() => {}, () => {}))
    return page
  }

  it('starts a check, shows its progress per class and reminds a class, passing axe at 1280 and 390 px', async () => {
    school = await newSchool({ name: 'Data Check Screens School' })
    families = await seedYearFamilies(school, '7', 3, `dckscreen${process.pid}${Date.now().toString(36)}-`)
    await seedClass(school, '7B', families.children.slice(0, 3))
    await seedClass(school, '7C', families.children.slice(3))
    const page = await signedInPage((await staffSession(school, 'office')).cookie, 'office')
    await page.goto(`${siteUrl()}/staff/data-checks`)
    await page.locator('#content').getByRole('heading', { name: 'Data checks', level: 1 }).waitFor()
    await waitForApp(page)
    await page.getByText('No data checks yet').waitFor()

    const closesOn = addDays(todayInZone(school.school.timeZone), 14)
    await page.getByRole('combobox', { name: 'Whom to ask' }).click()
    await page.getByRole('option', { name: 'Year 7' }).click()
    await page.getByLabel('Closing day').fill(closesOn)
    await page.getByRole('button', { name: 'Start the check' }).click()
    await page.getByText('Data check started', { exact: true }).waitFor()
    await page.getByText('3 adults asked: 0 confirmed, 0 sent corrections, 3 not answered yet.', { exact: false }).waitFor()
    const [check] = await school.database.db.select({ id: dataChecks.id }).from(dataChecks).where(eq(dataChecks.schoolId, school.id))
    checkId = check!.id

    // One family confirms and another corrects a phone, in their portal; the office reads the progress again.
    const today = todayInZone(school.school.timeZone)
    await confirmDataCheck(school.context, families.parents[0]!.id, checkId, today)
    const second = await familySession(school, families.parents[1]!.id)
    const caller = { adultId: families.parents[1]!.id, accountId: second.accountId }
    await correctDataCheck(school.context, caller, { checkId, own: { phone: '+64 21 555 0166' } }, today)
    await page.reload()
    const table = page.getByRole('table', { name: 'Progress per class' })
    const rowOf = (code: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) })
    await rowOf('7C').waitFor()
    expect(await rowOf('7B').innerText()).toMatch(/7B\s+3\s+1\s+1\s+0/)
    expect(await rowOf('7C').innerText()).toMatch(/7C\s+1\s+0\s+0\s+1/)
    await expect(rowOf('7B').getByRole('button').count()).resolves.toBe(0)
    await checkScreen(page, 'data-checks')
    await scanAtPhoneWidth(page, 'data-checks')

    await rowOf('7C').getByRole('button', { name: 'Remind class 7C' }).click()
    await page.getByText('Reminder sent', { exact: true }).waitFor()
    await page.getByText('One adult reminded.').first().waitFor()
    await page.getByText(/^Last reminded /).waitFor()

    // The child's record: the office writes an emergency contact, in the card's own form.
    await page.goto(`${siteUrl()}/staff/people/${families.children[3]!}`)
    const card = page.locator('#person-child-care')
    await card.getByText('Contacts and care').waitFor()
    await waitForApp(page)
    await card.getByRole('button', { name: 'Edit contacts' }).click()
    const emergency = card.getByRole('group', { name: 'Emergency contacts' })
    await emergency.getByRole('button', { name: 'Add a person' }).click()
    await emergency.getByLabel('Name').fill('Koro Family2')
    await emergency.getByLabel('Phone').fill('+64 21 555 0111')
    await emergency.getByLabel('Relationship').fill('grandfather')
    await card.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The contacts of Child0 Family2 are saved.').first().waitFor()
    await expect(card.locator('dl').innerText()).resolves.toMatch(/Emergency contacts\s+1\. Koro Family2 · grandfather · \+64 21 555 0111/)
    await checkScreen(page, 'data-checks-record', ['#person-child-care'])
  })

  it('asks the third family on the portal\'s front page, and takes a collector for their child from a phone', async () => {
    const parent = families.parents[2]!
    const page = await signedInPage((await familySession(school, parent.id)).cookie, 'portal', { width: 390, height: 844 })
    await page.goto(`${siteUrl()}/family`)
    await page.getByText('Please check the details we hold').waitFor()
    await waitForApp(page)
    await checkScreen(page, 'family-data-check-home')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('link', { name: 'Check our details' }).click()
    await page.waitForURL(/\/family\/data-check$/)
    await page.getByRole('heading', { name: 'Child0 Family2' }).waitFor()
    await expect(page.getByRole('region', { name: 'Child0 Family2' }).innerText()).resolves.toMatch(/Who may collect\s+None on file/)
    await scanAtPhoneWidth(page, 'family-data-check')
    await checkScreen(page, 'family-data-check')
    await page.setViewportSize({ width: 390, height: 844 })

    await page.getByRole('button', { name: 'Something needs correcting' }).click()
    const collectors = page.getByRole('group', { name: 'Who may collect' })
    await collectors.getByRole('button', { name: 'Add a person' }).click()
    await collectors.getByLabel('Name').fill('Aunt Mere')
    await collectors.getByLabel('Phone').fill('call me')
    await collectors.getByLabel('Relationship').fill('aunt')
    await page.getByRole('button', { name: 'Send the corrections' }).click()
    await collectors.getByText('Not a phone number.').waitFor()
    await checkScreen(page, 'family-data-check-form')
    await page.setViewportSize({ width: 390, height: 844 })
    await collectors.getByLabel('Phone').fill('+64 21 555 0190')
    // A refusal only the server can give stands beside the entry's field it names (`data.fields`, the server's path).
    const refusal = {
      statusCode: 400, statusMessage: 'Validation failed',
      data: {
        code: 'validation_failed', detail: ['children[0].collectors[0].phone: Give a phone number.'],
        fields: [{ path: 'children[0].collectors[0].phone', message: 'Give a phone number.' }]
      }
    }
    await page.route('**/api/app/portal/data-check/corrections', route => route.fulfill({ status: 400, json: refusal }), { times: 1 })
    await page.getByRole('button', { name: 'Send the corrections' }).click()
    await collectors.getByText('Give a phone number.').waitFor()
    await page.getByRole('button', { name: 'Send the corrections' }).click()
    await page.getByText('Corrections sent', { exact: true }).waitFor()
    await page.getByText(/^Your corrections are with the school office/).waitFor()
    // The toast's focus guards are scanned as hidden focusable elements while it shows: the page is scanned once it has gone.
    await page.getByText('Corrections sent', { exact: true }).waitFor({ state: 'hidden' })
    await scanAtPhoneWidth(page, 'family-data-check-answered')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  it('closes the check early from the office\'s screen: marked closed, with nothing left to remind', async () => {
    const page = await signedInPage((await staffSession(school, 'office')).cookie, 'office')
    await page.goto(`${siteUrl()}/staff/data-checks`)
    await waitForApp(page)
    await page.getByRole('button', { name: 'Close early' }).click()
    await page.getByText('Data check closed', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Close early' }).waitFor({ state: 'detached' })
    await expect(page.getByRole('button', { name: /^Remind/ }).count()).resolves.toBe(0)
    const [check] = await school.database.db.select({ status: dataChecks.status }).from(dataChecks).where(eq(dataChecks.id, checkId))
    expect(check!.status).toBe('closed')
  })
})
