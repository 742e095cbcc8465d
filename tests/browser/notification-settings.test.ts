import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { walkScreen } from '../support/keyboard-walk'
import { schoolNotificationSettings } from '../../db/schema'

/** Submits a card, confirming with the passkey when the server asks for a recent proof, and waits for what should follow. */
async function submitCard(page: Page, button: string, expected: Locator) {
  await page.getByRole('button', { name: button }).click()
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

/** axe at a phone's width too (checkScreen scans at 1280 px): the settings list wraps and the cards stack there. */
async function axeAtPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  const results = await new AxeBuilder({ page }).analyze()
  await page.setViewportSize({ width: 1280, height: 720 })
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(grave.map(violation => `${name} at 390 px: ${violation.id}: ${violation.nodes.map(node => node.html.slice(0, 160)).join(', ')}`)).toEqual([])
}

describe('Settings → Notifications', () => {
  it('saves a Kannel gateway (the password kept, never shown), shows refusals beside their fields, sends a test text and '
    + 'shows the gateway\'s answer, saves the digest; axe-clean at 1280 and 390 px and walked with the keyboard', async () => {
    const school = await newSchool({ name: 'Notification Settings School' })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    try {
      await registerFirstPasskey(page, (await newcomerLink(school, 'admin')).url)
      await page.goto(`${siteUrl()}/staff/settings/notifications`)
      await page.getByText('Daily digest and choices', { exact: true }).waitFor()
      await waitForApp(page)
      // The section list offers it among the settings.
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).first().waitFor()
      await expect(page.getByLabel('Digest time').inputValue()).resolves.toBe('17:00')
      await page.getByText(/the school's time zone \(Australia\/Sydney\)/).waitFor()
      await expect(page.locator('[data-address="incoming"]').innerText()).resolves.toMatch(/\/hooks\/texts\/incoming\?key=\S+$/)
      await expect(page.locator('[data-address="report"]').innerText()).resolves.toMatch(/\/hooks\/texts\/report\?key=\S+$/)
      await expect(page.locator('[data-address="pushKey"]').innerText()).resolves.toMatch(/^[\w-]{80,}$/)
      await checkScreen(page, 'settings-notifications')
      await axeAtPhoneWidth(page, 'settings-notifications')

      // Kannel: an address with a password in it is refused by the shared schema, beside its field.
      await page.getByRole('radio', { name: /^Kannel/ }).click()
      const address = page.getByLabel('Kannel\'s sendsms address')
      await address.fill('http://rollbook:secret@127.0.0.1:9/cgi-bin/sendsms')
      await page.getByLabel('User', { exact: true }).fill('rollbook')
      await page.getByRole('button', { name: 'Save text gateway' }).click()
      await expect.poll(() => describedBy(page, address)).toContain('No user name or password in the address')

      // Without a password, the server refuses a new gateway: its words stand beside the password field.
      await address.fill('http://127.0.0.1:9/cgi-bin/sendsms')
      const password = page.getByLabel('Password', { exact: true })
      await submitCard(page, 'Save text gateway', page.getByText('Required: a new gateway needs its secret.'))
      await expect.poll(() => describedBy(page, password)).toContain('Required: a new gateway needs its secret.')
      await checkScreen(page, 'settings-notifications-refused')

      await password.fill('sendsms-secret')
      // Typing checks the field again and takes the server's words away: the button moves up once they have gone.
      await expect.poll(() => describedBy(page, password)).not.toContain('Required')
      await submitCard(page, 'Save text gateway', page.getByText('Text gateway saved').first())
      await expect(password.inputValue()).resolves.toBe('')
      await expect.poll(() => describedBy(page, password)).toContain('A password is kept.')
      const [row] = await school.database.db.select().from(schoolNotificationSettings).where(eq(schoolNotificationSettings.schoolId, school.id))
      expect(JSON.parse(row!.textGateway!)).toEqual({ kind: 'kannel', sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', sendsPerSecond: 10 })
      expect(row!.textGatewaySecret).not.toContain('sendsms-secret')

      // Read again from the server: the password is never shown, only that one is kept.
      await page.reload()
      await page.getByText('Text gateway', { exact: true }).waitFor()
      await waitForApp(page)
      await expect(page.getByLabel('Kannel\'s sendsms address').inputValue()).resolves.toBe('http://127.0.0.1:9/cgi-bin/sendsms')
      await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('')
      await expect.poll(() => describedBy(page, page.getByLabel('Password', { exact: true }))).toContain('A password is kept.')

      // A test text: a number not in E.164 refused beside the field, then the gateway's own answer (nothing listens on port 9).
      const number = page.getByLabel('Phone number')
      await number.fill('0400 000 000')
      await page.getByRole('button', { name: 'Send a test text' }).click()
      await expect.poll(() => describedBy(page, number)).toContain('A phone number in international form')
      await number.fill('+61400000000')
      await page.getByRole('button', { name: 'Send a test text' }).click()
      const answer = page.locator('[data-test-text-answer]')
      await answer.waitFor({ timeout: 30_000 })
      await expect(answer.innerText()).resolves.toMatch(/The gateway did not take the text\.\s+Its answer: \S/)

      // The digest at 07:30, and fees no longer a kind families may turn off.
      await page.getByLabel('Digest time').fill('07:30')
      await page.getByRole('checkbox', { name: /^Fees/ }).click()
      await submitCard(page, 'Save digest and choices', page.getByText('The digest goes out at 07:30.').first())
      const [saved] = await school.database.db.select().from(schoolNotificationSettings).where(eq(schoolNotificationSettings.schoolId, school.id))
      expect({ digestTime: saved!.digestTime, optionalKinds: JSON.parse(saved!.optionalKinds) })
        .toEqual({ digestTime: '07:30', optionalKinds: ['school', 'applications'] })
      await page.mouse.move(0, 0)
      await checkScreen(page, 'settings-notifications-saved')
      await axeAtPhoneWidth(page, 'settings-notifications-saved')

      // Every control reached with Tab alone, named, showing its focus, never under another element.
      const { problems } = await walkScreen(page, '/staff/settings/notifications', { wholeFrame: false })
      expect(problems).toEqual([])
    } catch (error) {
      await page.screenshot({ path: 'tests/artifacts/failed-notification-settings.png', fullPage: true }).catch(() => {})
      await page.locator('body').innerText().then(text => writeFileSync('tests/artifacts/failed-notification-settings.txt', text)).catch(() => {})
      throw error
    } finally {
      await context.close()
    }
  }, 240_000)
})
