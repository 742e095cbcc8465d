import { waitForApp } from './browser'
import type { Page } from 'playwright-core'
import { checkScreen, siteUrl } from './staff-browser'

/** What the keyboard walk saw of one focused element. */
export interface Stop { name: string, visibleFocus: boolean, covered: boolean, inMain: boolean, inside: boolean }

/**
 * Tabs on from wherever focus is until it comes back round, leaves the element `within` selects, or
 * `limit` stops, noting each control focus lands on: its name as a person would hear it (its label,
 * aria-label, or text), whether it shows a focus indicator (an outline, or Nuxt UI's ring, a box-shadow),
 * and whether something drawn over it (a sticky bar) hides its middle.
 */
export async function walk(page: Page, options: { limit: number, within?: string }): Promise<Stop[]> {
  const stops: Stop[] = []
  const seen = new Set<unknown>()
  let lastMarker: unknown
  for (let i = 0; i < options.limit * 2 && stops.length < options.limit; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate((within) => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const marker = element.dataset.walked ??= String(Math.random())
      const labelled = element.getAttribute('aria-labelledby')?.split(' ').map(id => document.getElementById(id)?.textContent ?? '').join(' ')
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : undefined
      const name = (element.getAttribute('aria-label') ?? labelled ?? label ?? element.getAttribute('title') ?? element.textContent
        ?? element.getAttribute('placeholder') ?? '').replace(/\s+/g, ' ').trim()
      // Nuxt UI draws some rings on the element, others (navigation links) on its ::before.
      const styles = [getComputedStyle(element), getComputedStyle(element, '::before'), getComputedStyle(element, '::after')]
      const outlined = styles.some(style => style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0)
      const ringed = styles.some(style => style.boxShadow !== 'none' && style.boxShadow !== '')
      // A tag input's box, not its text field, takes the outline while focus is inside (has-focus-visible): an
      // ancestor's outline counts, its box-shadow does not (an input's border is a box-shadow always there).
      const ancestors = [element.parentElement, element.parentElement?.parentElement].filter((box): box is HTMLElement => !!box)
      const boxed = ancestors.some((box) => {
        const style = getComputedStyle(box)
        return box.matches(':has(:focus-visible)') && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
      })
      const box = element.getBoundingClientRect()
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 8))
      const covered = box.width > 0 && !!top && !element.contains(top) && !top.contains(element)
      return {
        marker,
        name: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[${element.getAttribute('role')}]` : ''} "${name.slice(0, 60)}"`,
        visibleFocus: outlined || ringed || boxed, covered, inMain: !!element.closest('main'), inside: !!within && !!element.closest(within)
      }
    }, options.within)
    if (!stop) break
    // A date input keeps focus while Tab moves through its day, month and year.
    if (stop.marker === lastMarker) continue
    lastMarker = stop.marker
    if (seen.has(stop.marker) || (options.within && !stop.inside)) break
    seen.add(stop.marker)
    stops.push({ name: stop.name, visibleFocus: stop.visibleFocus, covered: stop.covered, inMain: stop.inMain, inside: stop.inside })
  }
  return stops
}

/**
 * Opens the dialog behind the button named `opener` with Enter, walks it with Tab, and closes it with
 * Escape: focus goes into it, every stop is named and shows its focus, Tab comes round inside it rather
 * than leaving it (2.1.2, 2.4.3), and closing puts focus back on the button that opened it.
 */
async function walkDialog(page: Page, opener: string): Promise<{ stops: Stop[], problems: string[] }> {
  const problems: string[] = []
  const button = page.getByRole('button', { name: opener, exact: true })
  await button.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
  if (!await inDialog()) problems.push(`${opener}'s dialog does not take focus`)
  const stops = await walk(page, { limit: 30, within: '[role="dialog"]' })
  if (!await inDialog()) problems.push(`Tab leaves ${opener}'s dialog`)
  problems.push(...stops.filter(stop => !stop.visibleFocus).map(stop => `${opener}'s dialog: ${stop.name} shows no focus indicator`))
  problems.push(...stops.filter(stop => /"\s*"$/.test(stop.name)).map(stop => `${opener}'s dialog: ${stop.name} has no name`))
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  if (!await button.evaluate(element => element === document.activeElement)) problems.push(`closing ${opener}'s dialog does not put focus back on its button`)
  return { stops, problems }
}

/**
 * Walks one staff screen with Tab alone and says what is wrong with it: its title (WCAG 2.4.2), its skip
 * link into the content (2.4.1), a focus indicator on every stop and nothing drawn over it (2.4.7, 2.4.11),
 * a name for every control (4.1.2), no positive tabindex (2.4.3), no sideways scroll at 768 px (1.4.10),
 * and the dark theme's contrast and target size (1.4.3, 1.4.11, 2.5.8). The sidebar is the same on every
 * screen: walked whole when `wholeFrame` (one screen of a walk), and on the others passed by the skip link,
 * after which the walk goes through the screen's panel. `dialog` names the button whose dialog is walked
 * too (walkDialog). One screen is one test's work (issue 45): a walk of a dozen screens in one test grew
 * past its budget on a loaded machine.
 */
export async function walkScreen(
  page: Page, path: string, options: { wholeFrame: boolean, dialog?: string }
): Promise<{ problems: string[], walked: string[] }> {
  const problems: string[] = []
  const walked: string[] = []
  await page.goto(siteUrl() + path)
  await page.locator('h1').first().waitFor()
  // Hydrated (the app mounted over the server's page) is ready: waiting for the network to idle cost a second a screen.
  await waitForApp(page)
  if (!/^\S.* · Rollbook$/.test(await page.title())) problems.push(`${path}: the page's title is "${await page.title()}"`)
  const { wholeFrame } = options
  let stops: Stop[]
  if (wholeFrame) {
    stops = await walk(page, { limit: 200 })
    if (!stops[0]?.name.includes('Skip to the content')) problems.push(`${path}: the first Tab lands on ${stops[0]?.name}, not the skip link`)
  } else {
    await page.keyboard.press('Tab')
    const first = await page.evaluate(() => document.activeElement?.textContent?.trim())
    if (first !== 'Skip to the content') problems.push(`${path}: the first Tab lands on "${first}", not the skip link`)
    await page.keyboard.press('Enter')
    if (!await page.evaluate(() => document.activeElement?.tagName === 'MAIN')) problems.push(`${path}: the skip link does not land in the main content`)
    // The screen's own controls begin in its panel's navbar, above main (a screen's actions: New ask, New
    // schedule): the walk starts at the panel's top and goes on until focus leaves the panel. A long list
    // repeats its rows' controls: forty stops of a screen's own are enough to meet each kind.
    const panel = await page.evaluate(() => {
      const root = document.querySelector('main#content')?.closest<HTMLElement>('[data-slot="root"][id]')
      if (!root) return null
      root.tabIndex = -1
      root.focus()
      root.removeAttribute('tabindex')
      return `#${CSS.escape(root.id)}`
    })
    if (!panel) problems.push(`${path}: its main content is not in a dashboard panel`)
    stops = await walk(page, { limit: 40, within: panel ?? 'main' })
  }
  const at = (stop: Stop) => `${path}: ${stop.name}`
  walked.push(`${path}: ${stops.length} stops: ${stops.map(stop => stop.name).join(' | ')}`)
  problems.push(...stops.filter(stop => !stop.visibleFocus).map(stop => `${at(stop)} shows no focus indicator`))
  problems.push(...stops.filter(stop => stop.covered).map(stop => `${at(stop)} is hidden under another element when focused`))
  problems.push(...stops.filter(stop => /"\s*"$/.test(stop.name)).map(stop => `${at(stop)} has no name`))
  if (!stops.some(stop => stop.inMain || stop.inside)) problems.push(`${path}: nothing of the screen's own takes focus`)
  const opener = options.dialog
  if (opener) {
    const dialog = await walkDialog(page, opener)
    walked.push(`${path}, ${opener}: ${dialog.stops.length} stops: ${dialog.stops.map(stop => stop.name).join(' | ')}`)
    problems.push(...dialog.problems.map(problem => `${path}: ${problem}`))
  }
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
  await checkScreen(
    page, `keyboard${path.replaceAll('/', '-').replace(/per_\w+/, 'person')}-dark`, wholeFrame ? undefined : ['main'],
    { phone: false, rules: ['color-contrast', 'target-size'] }
  )
  return { problems, walked }
}
