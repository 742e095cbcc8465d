import { describe, it } from 'vitest'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'

// The reference repeats one operation's components for every endpoint: its scan covers the page's frame, the
// endpoint list, the shared errors and the first tag's operations, which use every component the rest use.
const referenceParts = ['main > p', 'main > h1', 'main > nav', 'section.shared', 'section.shared + section']
const publicScreens: [string, string, string[]?][] = [['home', '/'], ['sign-in', '/sign-in'], ['reference', '/reference', referenceParts], ['outbox', '/dev/outbox']]
// The staff screens scanned in every run: the frame and one screen of each kind (a paged list, a record's
// areas, settings forms). The other places' own tests (tests/browser-pending/) scan them in their states;
// they run apart until the browser run fits CI's budget (docs/accessibility.md).
const staffScreens: [string, string][] = [
  ['today', '/staff'], ['people', '/staff/people'], ['admissions', '/staff/admissions'], ['settings', '/staff/settings'],
  ['settings-school', '/staff/settings/school'], ['settings-tokens', '/staff/settings/tokens'], ['settings-staff', '/staff/settings/staff'],
  ['passkeys', '/staff/account/passkeys']
]

describe('every screen is readable by assistive technology', () => {
  it.each(publicScreens)('%s (%s): no serious or critical axe violation', async (name, path, within) => {
    const page = await (await (await useBrowser()).newContext()).newPage()
    await page.goto(siteUrl() + path)
    await page.waitForLoadState('networkidle')
    await checkScreen(page, name, within)
    await page.context().close()
  })

  // On a school of its own: scanned on the demo school's full pages, these took CI past its budget (278 s).
  it.each(staffScreens)('%s (%s), light and dark: no serious or critical axe violation', async (name, path) => {
    const { cookie } = await staffSession(await newSchool({ name: 'Axe College' }), 'admin')
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await (await useBrowser()).newContext({ colorScheme })
      await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
      const page = await context.newPage()
      await page.goto(siteUrl() + path)
      await page.waitForLoadState('networkidle')
      await page.locator('h1').first().waitFor({ state: 'attached' })
      // The phone's layout is the same in both schemes: its screenshot and sideways check are taken once.
      await checkScreen(page, `${name}-${colorScheme}`, undefined, { phone: colorScheme === 'light' })
      await context.close()
    }
  })
})
