import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { inject, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { createSignInLink } from '../../server/domain/accounts/sign-in-links'
import { addStaffAccount } from '../../server/domain/staff/staff-access'
import type { RoleName } from '../../server/domain/access/roles'
import type { newSchool } from './schools'
import { uniqueEmail } from './staff-sessions'

/** The test server as a browser must reach it for passkeys: by host name (an address is no relying-party id). */
export const siteUrl = () => inject('baseUrl').replace('127.0.0.1', 'localhost')

/**
 * A fresh browser context and page with Chromium's virtual authenticator (DevTools WebAuthn): a
 * platform authenticator that keeps discoverable credentials and verifies the user at once.
 */
export async function pageWithAuthenticator(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
      automaticPresenceSimulation: true
    }
  })
  const credentials = async () => (await devtools.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { context, page, credentials }
}

/** A new member of staff and the one-time link that signs them in. */
export async function newcomerLink(school: Awaited<ReturnType<typeof newSchool>>, role: RoleName = 'admin') {
  const member = await addStaffAccount(school.context, { email: uniqueEmail(role), role })
  const link = await createSignInLink(school.database, member.id)
  return { member, url: `${siteUrl()}/sign-in/link?token=${link.secret}` }
}

/** Follows a link, registers a passkey and returns when the screen lists it. */
export async function registerFirstPasskey(page: Page, linkUrl: string, name = 'Test laptop') {
  await page.goto(linkUrl)
  await page.waitForURL(/\/staff\/account\/passkeys$/)
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Register a passkey' }).click()
  await page.getByRole('textbox', { name: `Name of passkey ${name}` }).waitFor()
}

const artifacts = resolve(import.meta.dirname, '../artifacts')
// Full-page screenshots are for people to look at, and no test reads them:
// `ROLLBOOK_TEST_SCREENSHOTS=1 npm test -- --project browser` writes them; a failing test's page is kept always.
const screenshots = process.env.ROLLBOOK_TEST_SCREENSHOTS === '1'

/**
 * Saves screenshots (when asked for) under tests/artifacts/ at 1280 px and 390 px wide (the phone's left out with
 * `phone: false`, as for a second colour scheme of the same layout), asserts the page does not
 * scroll sideways on the phone, and asserts axe finds no serious or critical violation (at 1280 px).
 * `within` limits the scan to the parts a test is about: a long generated page repeats the same components,
 * and scanning all of it took over a minute on a loaded machine. `rules` limits it to some rules: a second
 * colour scheme changes colours only, so it is scanned for contrast alone.
 */
export async function checkScreen(page: Page, name: string, within?: string[], options: { phone?: boolean, rules?: string[] } = {}) {
  if (screenshots) mkdirSync(artifacts, { recursive: true })
  const wide = page.viewportSize() ?? { width: 1280, height: 720 }
  if (options.phone !== false) {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(100)
    if (screenshots) await page.screenshot({ path: resolve(artifacts, `${name}-390.png`), fullPage: !within })
    if (!within) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
    }
  }
  await page.setViewportSize({ width: 1280, height: wide.height })
  await page.waitForTimeout(100)
  if (screenshots) await page.screenshot({ path: resolve(artifacts, `${name}.png`), fullPage: !within })
  const scan = new AxeBuilder({ page })
  if (options.rules) scan.withRules(options.rules)
  for (const selector of within ?? []) scan.include(selector)
  const results = await scan.analyze()
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    grave.map(violation => `${name}: ${violation.id} (${violation.impact}): ${violation.nodes.map(node => node.html.slice(0, 160)).slice(0, 3).join(', ')}`)
  ).toEqual([])
}
