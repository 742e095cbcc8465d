import type { Page } from 'playwright-core'

/** What the keyboard walk saw of one focused element. */
export interface Stop { name: string, visibleFocus: boolean, covered: boolean, inMain: boolean }

/**
 * Tabs on from wherever focus is until it comes back round, leaves the main content (`withinMain`), or
 * `limit` stops, noting each control focus lands on: its name as a person would hear it (its label,
 * aria-label, or text), whether it shows a focus indicator (an outline, or Nuxt UI's ring, a box-shadow),
 * and whether something drawn over it (a sticky bar) hides its middle.
 */
export async function walk(page: Page, options: { limit: number, withinMain?: boolean }): Promise<Stop[]> {
  const stops: Stop[] = []
  const seen = new Set<unknown>()
  let lastMarker: unknown
  for (let i = 0; i < options.limit * 2 && stops.length < options.limit; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const marker = element.dataset.walked ??= String(Math.random())
      const labelled = element.getAttribute('aria-labelledby')?.split(' ').map(id => document.getElementById(id)?.textContent ?? '').join(' ')
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : undefined
      const name = (element.getAttribute('aria-label') ?? labelled ?? label ?? element.getAttribute('title') ?? element.textContent ?? element.getAttribute('placeholder') ?? '').replace(/\s+/g, ' ').trim()
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
      return { marker, name: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[${element.getAttribute('role')}]` : ''} "${name.slice(0, 60)}"`, visibleFocus: outlined || ringed || boxed, covered, inMain: !!element.closest('main') }
    })
    if (!stop) break
    // A date input keeps focus while Tab moves through its day, month and year.
    if (stop.marker === lastMarker) continue
    lastMarker = stop.marker
    if (seen.has(stop.marker) || (options.withinMain && !stop.inMain)) break
    seen.add(stop.marker)
    stops.push({ name: stop.name, visibleFocus: stop.visibleFocus, covered: stop.covered, inMain: stop.inMain })
  }
  return stops
}
