import { afterAll } from 'vitest'
import { chromium, type Browser } from 'playwright-core'

let browser: Browser | undefined

/** Debian's Chromium, headless, shared by the tests of one file and closed after them. */
export async function useBrowser(): Promise<Browser> {
  if (!browser) {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    })
    afterAll(async () => {
      await browser?.close()
      browser = undefined
    })
  }
  return browser
}
