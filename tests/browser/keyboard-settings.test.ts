import { describe, expect, it } from 'vitest'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { siteUrl } from '../support/staff-browser'
import { walkScreens } from '../support/keyboard-walk'

// The settings screens and the account's, as keyboard.test.ts walks the office's: a file of their own so that
// the two walks run side by side (together they were the suite's longest file).
describe('every settings screen with the keyboard alone, in the dark', () => {
  it('reaches each control in turn, shows where focus is, hides no focused control under another, and keeps its contrast', async () => {
    const demo = await demoSchool()
    const { cookie } = await staffSession(demo as Parameters<typeof staffSession>[0], 'admin')
    const screens = [
      '/staff/settings/school', '/staff/settings/modules', '/staff/settings/roles', '/staff/settings/webhooks', '/staff/settings/hris',
      '/staff/settings/sync', '/staff/settings/rostering', '/staff/settings/exports', '/staff/settings/activity', '/staff/settings/tokens',
      '/staff/settings/staff', '/staff/settings/portal', '/staff/account/passkeys'
    ]
    const context = await (await useBrowser()).newContext({ colorScheme: 'dark' })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const { problems, walked } = await walkScreens(await context.newPage(), screens, { walkFrame: false })
    await context.close()
    if (process.env.KEYBOARD_REPORT) (await import('node:fs')).writeFileSync(`${process.env.KEYBOARD_REPORT}.settings`, [...problems, ...walked].join('\n'))
    expect(problems).toEqual([])
  }, 300_000)
})
