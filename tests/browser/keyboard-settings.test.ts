import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { siteUrl } from '../support/staff-browser'
import { walkScreen } from '../support/keyboard-walk'

// The settings screens and the account's, as keyboard.test.ts walks the office's: a file of their own so that
// the two walks run side by side (together they were the suite's longest file), and one test per screen
// (issue 45), so that no test's work grows with the number of screens.
const screens = [
  '/staff/settings/school', '/staff/settings/modules', '/staff/settings/roles', '/staff/settings/webhooks', '/staff/settings/hris',
  '/staff/settings/sync', '/staff/settings/rostering', '/staff/settings/exports', '/staff/settings/activity', '/staff/settings/tokens',
  '/staff/settings/staff', '/staff/settings/portal', '/staff/settings/notifications', '/staff/settings/absences', '/staff/settings/retention',
  '/staff/account/passkeys'
]

describe('every settings screen with the keyboard alone, in the dark', () => {
  let context: BrowserContext
  let page: Page
  const report: string[] = []
  beforeAll(async () => {
    const demo = await demoSchool()
    const { cookie } = await staffSession(demo as Parameters<typeof staffSession>[0], 'admin')
    context = await (await useBrowser()).newContext({ colorScheme: 'dark' })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
    if (process.env.KEYBOARD_REPORT) writeFileSync(`${process.env.KEYBOARD_REPORT}.settings`, report.join('\n'))
  })

  it.each(screens)('%s: reaches each control in turn, shows where focus is, hides no focused control under another, and keeps its contrast', async (screen) => {
    const { problems, walked } = await walkScreen(page, screen, { wholeFrame: false })
    report.push(...problems, ...walked)
    expect(problems).toEqual([])
  })
})
