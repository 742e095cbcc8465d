import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../server/domain/people/person-record'
import { reportAbsence } from '../../server/domain/absences/report-absence'
import { recordUnexplainedAbsences } from '../../server/domain/absences/unexplained-intake'
import { addDays } from '../../server/domain/days/calendar'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { formatDay } from '../../shared/school-time'
import { useBrowser, waitForApp } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedPortalFamilies } from '../support/portal-families'
import { newSchool } from '../support/schools'
import { checkScreen, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

async function open(page: Page, path: string) {
  await page.goto(siteUrl() + path)
  await page.locator('h1').first().waitFor()
  await waitForApp(page)
}

/** axe with every rule at the phone's width the portal is designed at (checkScreen scans at 1280 px). */
async function axeAtPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  const results = await new AxeBuilder({ page }).analyze()
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(grave.map(violation => `${name} at 390 px: ${violation.id}: ${violation.nodes.map(node => node.html.slice(0, 160)).join(', ')}`)).toEqual([])
}

/** Chooses in a select by the keyboard alone: focus, open with Enter, the option by its first letters, Enter. */
async function chooseByKeyboard(page: Page, within: Locator, label: string, option: string) {
  const select = within.getByRole('combobox', { name: label })
  await select.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('option', { name: option }).waitFor()
  await page.keyboard.type(option.slice(0, 3))
  await page.keyboard.press('Enter')
  await expect(select.innerText()).resolves.toContain(option)
}

// Hine Ngata, mother of Aroha and Kahu, on her phone: the register found Kahu away today, and Aroha has a day off
// next week that is no longer needed.
describe('the family portal\'s Absences', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let context: BrowserContext
  let page: Page
  const weekday = (day: string) => formatDay(day, 'en', 'weekday')
  const reportForm = () => page.locator('form').filter({ has: page.getByRole('button', { name: 'Send the report' }) })

  beforeAll(async () => {
    school = await newSchool({ name: 'Family Absences School' })
    families = await seedPortalFamilies(school)
    const kahu = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Ngata', givenNames: 'Kahu' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '1', campusId: null })
      await insertParentalResponsibility(tx, changes, school.school, {
        adultId: families.mother, childId: child, relationship: 'parent', validFrom: '2019-01-01', validTo: null
      })
      return child
    })
    await recordUnexplainedAbsences(school.context, [{ personId: kahu, day: families.today }])
    await reportAbsence(school.context, {
      adultId: families.mother, childId: families.aroha, firstDay: addDays(families.today, 5), reason: 'family_reason'
    })
    const { cookie } = await familySession(school, families.mother)
    context = await (await useBrowser()).newContext({ viewport: { width: 390, height: 844 } })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('shows what the school asked about, the report form and the absences, and passes axe at 390 and 1280 px', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-absences.png', fullPage: true }).then(() => {}, () => {}))
    await open(page, '/family/absences')
    await page.getByRole('heading', { name: 'The school asked about' }).waitFor()
    await expect(page.locator(`[data-unexplained="Kahu ${families.today}"]`).innerText())
      .resolves.toMatch(new RegExp(`Kahu Ngata\\s+${weekday(families.today)}, the whole day`))
    await expect(page.locator(`[data-absence="Aroha ${addDays(families.today, 5)}"]`).innerText())
      .resolves.toContain(`${weekday(addDays(families.today, 5))} · Family reason`)
    // Most reports are for today, the school's: the form starts there.
    await expect(page.getByLabel('First day away').inputValue()).resolves.toBe(families.today)
    await axeAtPhoneWidth(page, 'family-absences')
    await checkScreen(page, 'family-absences')
  })

  it('reports two days away with the keyboard, putting the server\'s words beside the note until one is given', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-absences-report.png', fullPage: true }).then(() => {}, () => {}))
    await page.setViewportSize({ width: 390, height: 844 })
    await open(page, '/family/absences')
    const first = addDays(families.today, 1)
    await chooseByKeyboard(page, reportForm(), 'Child', 'Kahu Ngata')
    await page.getByLabel('First day away').fill(first)
    await page.getByLabel('Last day away').fill(addDays(families.today, 2))
    await chooseByKeyboard(page, reportForm(), 'Reason', 'Other')
    await page.getByRole('button', { name: 'Send the report' }).press('Enter')
    await page.getByText('Say why, in a few words, when the reason is "other".').waitFor()
    await page.getByLabel('Note').fill('A grandparent\'s visit.')
    await page.getByRole('button', { name: 'Send the report' }).press('Enter')
    await page.getByText('Absence reported', { exact: true }).waitFor()
    const reported = page.locator(`[data-absence="Kahu ${first}"]`)
    const days = `${weekday(first)} to ${weekday(addDays(families.today, 2))}`
    await expect(reported.innerText()).resolves.toMatch(new RegExp(`${days} · Other\\s+A grandparent's visit\\.`))
    await expect(reported.getByRole('button', { name: /^Withdraw the absence of Kahu Ngata/ }).count()).resolves.toBe(1)
  })

  it('reports a part of a day with a doctor\'s letter', async () => {
    const day = addDays(families.today, 3)
    await chooseByKeyboard(page, reportForm(), 'Child', 'Aroha Ngata')
    await page.getByRole('radio', { name: 'Part of a day' }).check()
    await page.getByLabel('Day', { exact: true }).fill(day)
    await page.getByLabel('Away from').fill('09:00')
    await page.getByLabel('Back at').fill('11:30')
    await chooseByKeyboard(page, reportForm(), 'Reason', 'Medical or dental appointment')
    await page.getByLabel('A document (optional)').setInputFiles({
      name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
    })
    await page.getByText('Attached: letter.pdf').waitFor()
    await page.getByRole('button', { name: 'Send the report' }).click()
    await page.getByText('Absence reported', { exact: true }).first().waitFor()
    const reported = page.locator(`[data-absence="Aroha ${day}"]`)
    await reported.waitFor()
    await expect(reported.innerText()).resolves.toMatch(/9:00\sAM to 11:30\sAM · Medical or dental appointment[\s\S]*Document: letter\.pdf/)
  })

  it('withdraws an absence before its day, asking once more first', async () => {
    const day = addDays(families.today, 5)
    const item = page.locator(`[data-absence="Aroha ${day}"]`)
    await item.getByRole('button', { name: `Withdraw the absence of Aroha Ngata, ${weekday(day)}` }).click()
    await item.getByText('Withdraw this absence? The school will expect Aroha that day.').waitFor()
    await item.getByRole('button', { name: 'Keep it' }).click()
    await item.getByRole('button', { name: `Withdraw the absence of Aroha Ngata, ${weekday(day)}` }).click()
    await item.getByRole('button', { name: 'Yes, withdraw it' }).click()
    await page.getByText('Absence withdrawn', { exact: true }).waitFor()
    await item.getByText('Withdrawn', { exact: true }).waitFor()
    await expect(item.getByRole('button').count()).resolves.toBe(0)
    // Its buttons gone, the focus is on the absence itself, not lost to the page.
    await expect(item.evaluate(element => element === document.activeElement)).resolves.toBe(true)
  })

  it('explains the absence the school asked about', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-absences-explain.png', fullPage: true }).then(() => {}, () => {}))
    // Afresh, without the last toast (whose focus guards axe counts as focusable yet hidden).
    await open(page, '/family/absences')
    await page.getByRole('button', { name: `Explain the absence of Kahu Ngata, ${weekday(families.today)}, the whole day` }).click()
    await page.getByText('Why was Kahu away?', { exact: true }).waitFor()
    await checkScreen(page, 'family-absences-explain')
    await page.setViewportSize({ width: 390, height: 844 })
    await chooseByKeyboard(page, page.locator(`[data-unexplained="Kahu ${families.today}"]`), 'Reason', 'Illness')
    await page.getByRole('button', { name: 'Send the explanation' }).click()
    await page.getByText('Explanation sent', { exact: true }).waitFor()
    await page.getByRole('heading', { name: 'The school asked about' }).waitFor({ state: 'detached' })
    await expect(page.locator(`[data-absence="Kahu ${families.today}"]`).innerText()).resolves.toContain('Reported by the family, answering the school')
    await open(page, '/family/absences')
    await page.locator(`[data-absence="Kahu ${families.today}"]`).waitFor()
    await axeAtPhoneWidth(page, 'family-absences-after')
    await checkScreen(page, 'family-absences-after')
  })
})
