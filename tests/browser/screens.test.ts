import { afterAll, beforeAll, describe, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'

// The reference repeats one operation's components for every endpoint: its scan covers the page's frame, the
// endpoint list, the shared errors and the first tag's operations, which use every component the rest use.
const referenceParts = ['main > p', 'main > h1', 'main > nav', 'section.shared', 'section.shared + section']
const publicScreens: [string, string, string[]?][] = [
  ['home', '/'], ['sign-in', '/sign-in'], ['reference', '/reference', referenceParts], ['outbox', '/dev/outbox']
]
// The staff screens no browser file of their own scans in light with every rule (the others' files scan them in
// the states they reach); every staff screen is scanned in dark by keyboard.test.ts.
const staffScreens: [string, string][] = [
  ['settings', '/staff/settings'], ['settings-tokens', '/staff/settings/tokens'], ['settings-staff', '/staff/settings/staff'],
  ['passkeys', '/staff/account/passkeys'], ['starters', '/staff/starters']
]

describe('every screen is readable by assistive technology', () => {
  it.each(publicScreens)('%s (%s): no serious or critical axe violation', async (name, path, within) => {
    const page = await (await (await useBrowser()).newContext()).newPage()
    await page.goto(siteUrl() + path)
    await page.waitForLoadState('networkidle')
    await checkScreen(page, name, within)
    await page.context().close()
  })

  // One member on a school of its own, one browser context, each staff screen a test of its own in it: a context
  // and a school per screen took CI past its budget, and every screen in one test took one test past its own on a
  // loaded machine (issue 45). The dark theme of every staff screen is scanned for contrast by
  // tests/browser/keyboard.test.ts, as it walks each with the keyboard.
  describe('the staff screens, in light', () => {
    let context: BrowserContext
    let page: Page
    beforeAll(async () => {
      const { cookie } = await staffSession(await newSchool({ name: 'Axe College' }), 'admin')
      context = await (await useBrowser()).newContext({ colorScheme: 'light' })
      await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
      page = await context.newPage()
    })
    afterAll(() => context?.close())

    it.each(staffScreens)('%s (%s): no serious or critical axe violation', async (name, path) => {
      // Rendered on the server with its data: loaded and headed is ready (network idle cost half a second a screen).
      await page.goto(siteUrl() + path)
      await page.locator('h1').first().waitFor({ state: 'attached' })
      await checkScreen(page, `${name}-light`)
    })
  })
})
