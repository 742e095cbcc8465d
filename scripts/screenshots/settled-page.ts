/**
 * A screen as a picture should show it: loaded, still, in light. The pictures are remade whenever the screens
 * change, so two runs on the same demo give the same picture, whatever the machine's speed.
 */
import type { Page } from 'playwright-core'

// Nothing moves in a picture: animations and transitions end where they would, and no caret blinks.
const stillStyle = '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }'
// What a screen shows while its data is on the way: a skeleton, a spinner, a part that says it is busy.
const loadingParts = '.animate-pulse, .animate-spin, [aria-busy="true"]'

/**
 * Opens `url` and returns once the screen is settled: the app mounted over the page, `ready` shown (the screen's
 * data is in), no request in flight, the fonts loaded, nothing loading, nothing moving and nothing focused.
 */
export async function openSettled(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForFunction(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
  await page.locator(ready).first().waitFor()
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.waitForFunction(selector => ![...document.querySelectorAll(selector)].some(part => part.checkVisibility()), loadingParts)
  await page.addStyleTag({ content: stillStyle })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

// Playwright writes PNG and JPEG only; Chromium's DevTools write WebP, a third of the PNG's size at a quality no reader tells apart.
const qualities = [85, 75, 65]

/** The page's viewport as WebP, at the best of `qualities` that fits in `maxBytes`; an error when none does. */
export async function captureWebp(page: Page, maxBytes: number): Promise<Buffer> {
  const devtools = await page.context().newCDPSession(page)
  try {
    let smallest = Infinity
    for (const quality of qualities) {
      const { data } = await devtools.send('Page.captureScreenshot', { format: 'webp', quality })
      const picture = Buffer.from(data, 'base64')
      if (picture.length <= maxBytes) return picture
      smallest = Math.min(smallest, picture.length)
    }
    throw new Error(`${page.url()} is ${Math.ceil(smallest / 1024)} KiB as WebP at quality ${qualities.at(-1)}, over ${maxBytes / 1024} KiB`)
  } finally {
    await devtools.detach()
  }
}
