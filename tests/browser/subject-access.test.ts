import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { seedPortalFamilies } from '../support/portal-families'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { todayInZone } from '../../server/domain/days/clock'
import { addDays } from '../../server/domain/days/calendar'
import { recordChildContacts } from '../../server/domain/data-checks/record-child-care'
import { logSubjectAccessRequest } from '../../server/domain/subject-access/log-request'

/** Clicks a button whose step may ask for a recent passkey, confirming it when the prompt opens. */
async function withPasskey(page: Page, click: () => Promise<void>, expected: ReturnType<Page['getByText']>) {
  await click()
  const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
  await prompt.or(expected).first().waitFor()
  if (await prompt.isVisible()) {
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    await prompt.waitFor({ state: 'hidden' })
  }
  await expected.waitFor()
}

describe('Subject access', () => {
  it('lists a request with its clock, refuses an empty log form beside its fields, assembles the answer, refuses a withholding '
    + 'without a reason beside it and redacts a third party with one toast; axe-clean at 1280 and 390 px', async () => {
    const school = await newSchool({ name: 'Subject Access Screens School' })
    const families = await seedPortalFamilies(school)
    await recordChildContacts(school.context, families.aroha, {
      emergencyContacts: [{ name: 'Ruiha Grandmother', phone: '+61 400 111 222' }], collectors: []
    })
    const today = todayInZone(school.school.timeZone)
    const logged = await logSubjectAccessRequest(school.context, {
      kind: 'access', subjectId: families.aroha, requesterId: families.mother, receivedOn: addDays(today, -28), verifiedHow: 'Passport seen'
    })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    try {
      await registerFirstPasskey(page, (await newcomerLink(school, 'admin')).url)
      await page.goto(`${siteUrl()}/staff/subject-access`)
      const row = page.getByRole('link', { name: 'Aroha Ngata' })
      await row.waitFor()
      await waitForApp(page)
      await page.getByRole('navigation').getByRole('link', { name: 'Subject access' }).first().waitFor()
      await page.getByText(`Due ${logged.clock.deadline}: ${logged.clock.daysLeft} days left`).waitFor()
      await checkScreen(page, 'subject-access-list')

      await page.getByRole('link', { name: 'Log a request' }).click()
      await page.getByRole('button', { name: 'Log the request' }).waitFor()
      await waitForApp(page)
      await page.getByRole('button', { name: 'Log the request' }).click()
      await page.getByText('Say how the requester\'s identity was checked.').waitFor()
      await checkScreen(page, 'subject-access-new')

      await page.goto(`${siteUrl()}/staff/subject-access/${logged.id}`)
      await page.getByRole('button', { name: 'Assemble the answer' }).waitFor()
      await waitForApp(page)
      await withPasskey(page, () => page.getByRole('button', { name: 'Assemble the answer' }).click(), page.getByText('1 item to decide before sending'))
      const item = page.getByRole('listitem').filter({ hasText: 'Item 1: Emergency contact or collector (a third party)' })
      await item.getByLabel('Decision').click()
      await page.getByRole('option', { name: 'Withhold' }).click()
      await item.getByRole('button', { name: 'Decide: Item 1' }).click()
      await item.getByText('Say why, naming the exemption.').waitFor()
      await checkScreen(page, 'subject-access-request-refused')

      await item.getByLabel('Decision').click()
      await page.getByRole('option', { name: 'Redact' }).click()
      await item.getByLabel('Reason').fill('A third party\'s details.')
      await item.getByRole('button', { name: 'Decide: Item 1' }).click()
      const toast = page.getByText('Item 1: Emergency contact or collector (a third party) decided', { exact: true })
      await toast.waitFor()
      expect(await toast.count()).toBe(1)
      await page.getByText('Every item is decided.').waitFor()
      await expect(page.getByRole('button', { name: 'Send to the requester\'s portal' }).isEnabled()).resolves.toBe(true)
      await checkScreen(page, 'subject-access-request')
    } finally {
      await context.close()
    }
  }, 150_000)
})
