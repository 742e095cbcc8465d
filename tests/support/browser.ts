import { afterAll, inject } from 'vitest'
import { chromium, type Browser } from 'playwright-core'
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
