import { describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { affiliations, people } from '../../db/schema'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { walk, type Stop } from '../support/keyboard-walk'

// Every staff screen in the dark theme, titled (WCAG 2.4.2), bypassed to its content (2.4.1), walked with Tab alone
// (2.1.1, 2.4.3, 2.4.7, 2.4.11, 4.1.2), reflowed at 768 px (1.4.10), and
// scanned for contrast (1.4.3, 1.4.11) and target size (2.5.8, off in axe by default): each screen's own file scans it in light with every rule, in its states.
describe('every staff screen with the keyboard alone, in the dark', () => {
  it('reaches each control in turn, shows where focus is, hides no focused control under another, and keeps its contrast', async () => {
    const demo = await demoSchool()
    // One student every run, with two parents, who pay and have family access (the demo's Bennetts): the record
    // walked is the same whatever ids a run makes.
    const [student] = await demo.database.db.select({ id: people.id }).from(people)
      .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), isNull(affiliations.validTo)))
      .where(and(eq(people.schoolId, demo.id), eq(people.familyName, 'Bennett'), eq(people.givenNames, 'Lily'))).limit(1)
    const { cookie } = await staffSession(demo as Parameters<typeof staffSession>[0], 'admin')
    const screens = [
      '/staff', '/staff/people', `/staff/people/${student!.id}`, '/staff/admissions', '/staff/admissions/enquiries', '/staff/tours', '/staff/starters',
      '/staff/classes', '/staff/settings/school', '/staff/settings/modules', '/staff/settings/roles', '/staff/settings/webhooks', '/staff/settings/hris',
      '/staff/settings/sync', '/staff/settings/rostering', '/staff/settings/exports', '/staff/settings/activity', '/staff/settings/tokens',
      '/staff/settings/staff', '/staff/account/passkeys', '/staff/families/requests', '/staff/settings/portal'
    ]
    const context = await (await useBrowser()).newContext({ colorScheme: 'dark' })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    const problems: string[] = []
    const walked: string[] = []
    for (const [index, path] of screens.entries()) {
      await page.goto(siteUrl() + path)
      await page.locator('h1').first().waitFor()
      // Hydrated (the app mounted over the server's page) is ready: waiting for the network to idle cost a second a screen.
      await page.waitForFunction(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
      if (!/^\S.* · Rollbook$/.test(await page.title())) problems.push(`${path}: the page's title is "${await page.title()}"`)
      // The sidebar is the same on every screen: walked whole on the first, and on the others passed by the skip
      // link, which must come first and land in the main content, where the walk goes on until focus leaves it.
      // A long list repeats its rows' controls: forty stops of a screen's own are enough to meet each kind.
      let stops: Stop[]
      if (index === 0) {
        stops = await walk(page, { limit: 200 })
        if (!stops[0]?.name.includes('Skip to the content')) problems.push(`${path}: the first Tab lands on ${stops[0]?.name}, not the skip link`)
      } else {
        await page.keyboard.press('Tab')
        const first = await page.evaluate(() => document.activeElement?.textContent?.trim())
        if (first !== 'Skip to the content') problems.push(`${path}: the first Tab lands on "${first}", not the skip link`)
        await page.keyboard.press('Enter')
        if (!await page.evaluate(() => document.activeElement?.tagName === 'MAIN')) problems.push(`${path}: the skip link does not land in the main content`)
        stops = await walk(page, { limit: 40, withinMain: true })
      }
      const at = (stop: Stop) => `${path}: ${stop.name}`
      if (process.env.KEYBOARD_REPORT) walked.push(`${path}: ${stops.length} stops: ${stops.map(stop => stop.name).join(' | ')}`)
      problems.push(...stops.filter(stop => !stop.visibleFocus).map(stop => `${at(stop)} shows no focus indicator`))
      problems.push(...stops.filter(stop => stop.covered).map(stop => `${at(stop)} is hidden under another element when focused`))
      problems.push(...stops.filter(stop => /"\s*"$/.test(stop.name)).map(stop => `${at(stop)} has no name`))
      if (!stops.some(stop => stop.inMain)) problems.push(`${path}: nothing in the main content takes focus`)
      // Tab follows the page's order only: no control is pulled ahead of it with a positive tabindex.
      const pulledAhead = await page.locator('[tabindex]:not([tabindex="0"]):not([tabindex^="-"])').count()
      if (pulledAhead) problems.push(`${path}: ${pulledAhead} elements have a positive tabindex`)
      // Readable on a tablet without sideways scrolling (1.4.10); each screen's own file checks the phone.
      await page.setViewportSize({ width: 768, height: 1024 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      if (overflow > 0) problems.push(`${path}: scrolls sideways by ${overflow} px at 768 px`)
      await page.setViewportSize({ width: 1280, height: 720 })
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      // The frame once, then each screen's own content.
      await checkScreen(page, `keyboard${path.replaceAll('/', '-').replace(/per_\w+/, 'person')}-dark`, index === 0 ? undefined : ['main'], { phone: false, rules: ['color-contrast', 'target-size'] })
    }
    await context.close()
    if (process.env.KEYBOARD_REPORT) (await import('node:fs')).writeFileSync(process.env.KEYBOARD_REPORT, [...problems, ...walked].join('\n'))
    expect(problems).toEqual([])
  }, 300_000)
})
