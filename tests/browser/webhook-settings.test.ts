import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { startBuiltServer } from '../support/server-process'
import { startReceiver } from '../support/webhooks'
import { checkScreen, pageWithAuthenticator, registerFirstPasskey } from '../support/staff-browser'
import { uniqueEmail } from '../support/staff-sessions'
import { addStaffAccount } from '../../server/domain/staff/staff-access'
import { createSignInLink } from '../../server/domain/accounts/sign-in-links'
import { signatureMatches } from '../../server/domain/webhooks/signing'
import { activity } from '../../db/schema'

/** Submits the new webhook form, confirming with the passkey when the server asks for a recent proof. */
async function submitNewWebhook(page: Page, expected: ReturnType<Page['getByText']>) {
  await page.getByRole('button', { name: 'Create webhook' }).click()
  const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
  await prompt.or(expected).first().waitFor()
  if (await prompt.isVisible()) {
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    // Closed, not closing: a prompt still fading out would answer the next submission's wait for one.
    await prompt.waitFor({ state: 'hidden' })
  }
  await expected.waitFor()
}

describe('the webhooks settings screen', () => {
  it('refuses a URL with its reason beside the field, creates a webhook to a loopback receiver, sends test deliveries and shows the receiver\'s '
    + 'last answer', async () => {
    const school = await newSchool({ name: 'Webhook Screens' })
    const token = await school.tokenWithId(['person.read'])
    let answer = 200
    const receiver = await startReceiver(() => answer)
    // This test's own server: loopback destinations allowed, and it delivers this school's webhooks.
    const server = await startBuiltServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', ROLLBOOK_WEBHOOK_SCHOOLS: school.id })
    const site = server.url.replace('127.0.0.1', 'localhost')
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    try {
      const member = await addStaffAccount(school.context, { email: uniqueEmail('admin'), role: 'admin' })
      await registerFirstPasskey(page, `${site}/sign-in/link?token=${(await createSignInLink(school.database, member.id)).secret}`)
      await page.goto(`${site}/staff/settings/webhooks`)
      await page.getByText('No webhooks yet').waitFor()
      await page.getByRole('button', { name: 'Add a webhook' }).click()

      const url = page.getByLabel('Destination URL')
      await page.getByRole('combobox', { name: 'Reading token' }).click()
      await page.getByRole('option', { name: new RegExp(token.id) }).click()
      await page.getByRole('checkbox', { name: 'person.created' }).click()
      await page.getByText('A person is added: by the office, an enrolment, an application or a people sync.').waitFor()

      // Refused destinations: the reason is beside the field, in words.
      await url.fill('https://sis:hunter2@example.org/hook')
      await submitNewWebhook(page, page.getByText('A destination URL carries no user name or password'))
      await url.fill('https://10.1.2.3/hook')
      await submitNewWebhook(page, page.getByText('10.1.2.3 is not a public address (private). Webhooks go only to addresses on the public internet'))
      await checkScreen(page, 'settings-webhooks-refused')

      await url.fill(receiver.url)
      await submitNewWebhook(page, page.getByText('Copy this signing secret now'))
      const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
      expect(secret).toMatch(/^whsec_/)
      await page.getByText('export function verified(rawBody, signatureHeader)').waitFor()
      await checkScreen(page, 'settings-webhooks-secret')
      await page.getByRole('button', { name: 'I have stored it' }).click()

      // A test delivery reaches the receiver, signed with the secret shown, and the screen shows it delivered.
      await page.getByRole('button', { name: 'Send a test delivery' }).click()
      const deliveries = page.getByRole('table', { name: /^Deliveries of sub_/ })
      await deliveries.getByText('delivered').waitFor({ timeout: 15_000 })
      await deliveries.getByText('HTTP 200').waitFor()
      expect(receiver.posts).toHaveLength(1)
      expect(JSON.parse(receiver.posts[0]!.body)).toMatchObject({ kind: 'webhook.test', table: 'webhook_subscriptions' })
      expect(signatureMatches(secret, receiver.posts[0]!.body, receiver.posts[0]!.headers['service-signature'] as string)).toBe(true)

      // The receiver fails: its answer is shown, and the delivery can be sent again at once.
      answer = 500
      await page.getByRole('button', { name: 'Send a test delivery' }).click()
      await deliveries.getByText('HTTP 500').waitFor({ timeout: 15_000 })
      await deliveries.getByText('answer 500').waitFor()
      // Away from the button just pressed, so the scan reads the page at rest, not a hovered button.
      await page.mouse.move(0, 0)
      await checkScreen(page, 'settings-webhooks')
      answer = 200
      await deliveries.getByRole('button', { name: /^Send again delivery dlv_\w+$/ }).click()
      await expect.poll(() => deliveries.getByText('HTTP 500').count(), { timeout: 15_000 }).toBe(0)
      expect(receiver.posts).toHaveLength(3)

      await page.getByRole('button', { name: 'Pause' }).click()
      await page.getByText('paused', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Resume' }).click()
      await expect.poll(() => page.getByText('paused', { exact: true }).count()).toBe(0)
      await page.getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('button', { name: 'Delete for good' }).click()
      await page.getByText('No webhooks yet').waitFor()

      const kinds = (await school.database.db.select().from(activity).where(eq(activity.schoolId, school.id))).map(entry => `${entry.kind} ${entry.actor}`)
      for (const kind of ['webhook.created', 'webhook.resent', 'webhook.changed', 'webhook.deleted']) expect(kinds).toContain(`${kind} staff:${member.id}`)
    } catch (error) {
      await page.screenshot({ path: 'tests/artifacts/failed-webhook-settings.png', fullPage: true }).catch(() => {})
      await page.locator('body').innerText().then(text => writeFileSync('tests/artifacts/failed-webhook-settings.txt', text)).catch(() => {})
      throw error
    } finally {
      await context.close()
      await server.stop()
    }
  }, 360_000)
})
