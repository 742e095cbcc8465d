import { afterAll, inject } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { chromiumArgs } from './find-chromium'

let browser: Browser | undefined

/** The Chromium the browser project found (tests/support/find-chromium.ts), shared by the tests of one file and closed after them. */
export async function useBrowser(): Promise<Browser> {
  if (!browser) {
    const executablePath = inject('chromiumPath')
    if (!executablePath) throw new Error('No Chromium starts here: browser tests belong to the browser project, which skips them')
    browser = await chromium.launch({ executablePath, args: chromiumArgs })
    afterAll(async () => {
      await browser?.close()
      browser = undefined
    })
  }
  return browser
}

/**
 * Waits until the app has mounted over the server's page: before that a click lands on server-rendered markup with no
 * handler (a form then submits natively). The network idling is no sign of it: on a busy machine the scripts are all
 * fetched and still running.
 */
export async function waitForApp(page: Page) {
  // Sign-in fetches its script at the reader's first key, touch or focus (server/utils/defer-module-scripts.ts): Shift
  // is one, and does nothing else.
  await page.keyboard.press('Shift')
  await page.waitForFunction(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
}
