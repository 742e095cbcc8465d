import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'

/** Submits the form, confirming with the passkey when the server asks for a recent proof, and waits for what should follow. */
async function submitForm(page: Page, expected: Locator) {
  await page.getByRole('button', { name: 'Save period' }).click()
  const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
  await prompt.or(expected).first().waitFor()
  if (await prompt.isVisible()) {
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    await prompt.waitFor({ state: 'hidden' })
  }
  await expected.waitFor()
}

/** The words a field's control is described by: its description and, once refused, its problem (UFormField links both). */
async function describedBy(page: Page, control: Locator) {
  const ids = (await control.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? []
  const texts = await Promise.all(ids.map(id => page.locator(`[id="${id}"]`).innerText().catch(() => '')))
  return texts.join(' ')
}

describe('Settings → Data retention', () => {
  it('lists every class with its default, floor and source; refuses a period under the floor beside the field; lengthens a period '
    + 'with a passkey and one toast; axe-clean at 1280 and 390 px', async () => {
    const school = await newSchool({ name: 'Retention Settings School' })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    try {
      await registerFirstPasskey(page, (await newcomerLink(school, 'admin')).url)
      await page.goto(`${siteUrl()}/staff/settings/retention`)
      const table = page.getByRole('region', { name: 'Retention schedule' })
      await table.waitFor()
      await waitForApp(page)
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Data retention' }).first().waitFor()
      expect(await table.locator('[data-period]').count()).toBe(13)
      await expect(page.locator('[data-period="restricted_records"]').innerText()).resolves.toBe('75 years')
      await expect(page.locator('[data-period="absences"]').innerText()).resolves.toBe('6 years')
      await table.getByText('School Attendance (Pupil Registration) (England) Regulations 2024 (SI 2024/208), reg 7').waitFor()
      await checkScreen(page, 'settings-retention')

      // Under the floor: the server's words stand beside the months, and nothing changes.
      await page.getByRole('button', { name: 'Change the period for Restricted records (protection flags, court orders)' }).click()
      const months = page.getByLabel('Months to keep')
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(await months.getAttribute('id'))
      await months.fill('120')
      await months.press('Tab')
      await page.getByLabel('Why shorter than the default').fill('Our trust keeps them less.')
      await submitForm(page, page.getByText('At least 300 months: this class\'s floor.'))
      await expect.poll(() => describedBy(page, months)).toContain('At least 300 months: this class\'s floor.')
      await checkScreen(page, 'settings-retention-refused')
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect(page.locator('[data-period="restricted_records"]').innerText()).resolves.toBe('75 years')

      // Longer than the default: no reason asked, one toast, the row says the new period and who set it.
      await page.getByRole('button', { name: 'Change the period for Messages and their deliveries' }).click()
      await months.fill('36')
      await months.press('Tab')
      const toast = page.getByText('Messages and their deliveries: kept 3 years', { exact: true })
      await submitForm(page, toast)
      expect(await toast.count()).toBe(1)
      await expect.poll(() => page.locator('[data-period="messages"]').innerText()).toBe('3 years')
      await expect(page.getByLabel('Months to keep').count()).resolves.toBe(0)
      await checkScreen(page, 'settings-retention-saved')
    } finally {
      await context.close()
    }
  }, 120_000)
})
