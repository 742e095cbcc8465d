import { describe, expect, it } from 'vitest'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { seedRetentionSchool } from '../support/retention-school'
import { previewRetention } from '../../server/domain/retention/sweep'

describe('Settings → Data retention → Due for erasure', () => {
  it('shows the counts per class and the records past their period; a hold refused beside its field, then placed and released; '
    + 'axe-clean at 1280 and 390 px', async () => {
    const school = await newSchool({ name: 'Retention Due Screen School' })
    await seedRetentionSchool(school, new Date().toISOString().slice(0, 10))
    await previewRetention(school.context)
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    try {
      await registerFirstPasskey(page, (await newcomerLink(school, 'admin')).url)
      await page.goto(`${siteUrl()}/staff/settings/retention`)
      await waitForApp(page)
      await page.getByRole('link', { name: 'Due for erasure: what the sweep found past its period' }).click()
      const counts = page.getByRole('region', { name: 'Records past their period, per class' })
      await counts.waitFor()
      await expect.poll(() => page.locator('[data-due="former_students"]').innerText()).toBe('2')
      await expect(page.locator('[data-due="restricted_records"]').innerText()).resolves.toBe('1')
      const records = page.getByRole('region', { name: 'People and restricted records past their period' })
      await records.getByRole('link', { name: 'OldStaff SweepOldStaff' }).waitFor()
      await checkScreen(page, 'settings-retention-due')

      // Searched on the server: one person left in the table.
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('sweepwithdrawn')
      await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter')
      await expect.poll(() => records.getByRole('link').allInnerTexts()).toEqual(['WithdrawnAdult SweepWithdrawnAdult', 'WithdrawnChild SweepWithdrawnChild'])

      // A hold ending today: the server refuses it beside the end; a day ahead is placed, shown in force, then released.
      await page.getByRole('button', { name: 'Hold WithdrawnChild SweepWithdrawnChild' }).click()
      const dialog = page.getByRole('dialog', { name: 'Hold WithdrawnChild SweepWithdrawnChild' })
      await dialog.getByLabel('Reason').fill('Appeal to the admissions panel')
      const today = await page.evaluate(() => new Date().toISOString().slice(0, 10))
      await dialog.getByLabel('Hold until').fill(today)
      await dialog.getByRole('button', { name: 'Place hold' }).click()
      await dialog.getByText('Choose a day after today.').waitFor()
      await checkScreen(page, 'settings-retention-due-hold-refused', ['[role="dialog"]'], { phone: false })
      await dialog.getByLabel('Hold until').fill('2099-01-01')
      await dialog.getByRole('button', { name: 'Place hold' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByText('WithdrawnChild SweepWithdrawnChild held', { exact: true }).waitFor()
      const release = page.getByRole('button', { name: 'Release the hold on WithdrawnChild SweepWithdrawnChild' })
      await release.waitFor()
      await records.getByText('Held', { exact: true }).waitFor()
      await checkScreen(page, 'settings-retention-due-held')
      await release.click()
      await page.getByText('Hold on WithdrawnChild SweepWithdrawnChild released', { exact: true }).waitFor()
      await page.getByText('No hold in force').waitFor()
    } finally {
      await context.close()
    }
  }, 120_000)
})
