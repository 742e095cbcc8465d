import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { grantStaffAccessElsewhere } from '../../server/domain/staff/staff-access-elsewhere'
import { systemContext } from '../../server/domain/shared/context'
import { checkScreen, siteUrl } from '../support/staff-browser'

/*
 * The user menu's switcher (docs/several-schools.md): an account with staff access at two schools sees both in
 * the menu, the current one checked, and moves to the other with the keyboard alone.
 */
describe('switching school from the user menu', () => {
  async function signedIn(role: 'admin' | 'office' = 'office') {
    const [alder, birch] = await Promise.all([newSchool({ name: 'Alder Switch Primary' }), newSchool({ name: 'Birch Switch High' })])
    const { member, cookie } = await staffSession(alder, role)
    await grantStaffAccessElsewhere(systemContext(birch.database, birch.school, 'cli'), { email: member.email, role: 'teacher' })
    const context = await (await useBrowser()).newContext()
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/staff`)
    await waitForApp(page)
    return { page, context, member }
  }
  const menuButton = (page: Page, email: string) => page.getByRole('button', { name: `Account menu: ${email}` })

  it('lists both schools with the role at each, the current one checked, and switches with the keyboard', async () => {
    const { page, context, member } = await signedIn()
    await page.getByRole('link', { name: 'Alder Switch Primary' }).waitFor()
    await menuButton(page, member.email).focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await menu.getByText('Your schools').waitFor()
    const current = menu.getByRole('menuitemcheckbox', { name: /Alder Switch Primary/ })
    const other = menu.getByRole('menuitemcheckbox', { name: /Birch Switch High/ })
    await expect(current.getAttribute('aria-checked')).resolves.toBe('true')
    await expect(other.getAttribute('aria-checked')).resolves.toBe('false')
    await expect(other.innerText()).resolves.toContain('teacher')
    await checkScreen(page, 'switch-school-menu', ['[role="menu"]'], { phone: false })
    await other.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('link', { name: 'Birch Switch High' }).waitFor()
    await waitForApp(page)
    // A teacher at Birch: the areas of an office member at Alder are gone with the school.
    await expect(page.getByRole('link', { name: 'Admissions' }).count()).resolves.toBe(0)
    await context.close()
  })

  it('is reached on a phone through the sidebar, and the page stays whole at 390 px', async () => {
    const { page, context, member } = await signedIn()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Open sidebar' }).click()
    await menuButton(page, member.email).click()
    await page.getByRole('menu').getByText('Your schools').waitFor()
    // Scanned and kept at the phone's width with the menu open: widening the page closes the sidebar's drawer, and
    // the page behind an open drawer is aria-hidden by design (a full-page scan reports its links).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    if (process.env.ROLLBOOK_TEST_SCREENSHOTS === '1') await page.screenshot({ path: resolve(import.meta.dirname, '../artifacts/switch-school-390.png') })
    const scan = await new AxeBuilder({ page }).include('[role="menu"]').analyze()
    expect(scan.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical').map(violation => violation.id)).toEqual([])
    await context.close()
  })

  it('does not show the switcher to an account of one school', async () => {
    const school = await newSchool({ name: 'Single Switch School' })
    const { member, cookie } = await staffSession(school, 'office')
    const context = await (await useBrowser()).newContext()
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/staff`)
    await waitForApp(page)
    await menuButton(page, member.email).click()
    await page.getByRole('menuitem', { name: 'Passkeys' }).waitFor()
    expect(await page.getByRole('menu').getByText('Your schools').count()).toBe(0)
    await context.close()
  })
})
