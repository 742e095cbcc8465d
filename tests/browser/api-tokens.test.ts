import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { callApi } from '../support/api'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

interface Target { text?: string, name?: string, checkbox?: boolean }

/** Presses Tab until the focused element is the one described, as a keyboard user would. */
async function tabTo(page: Page, target: Target, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const reached = await page.evaluate((want: Target) => {
      const element = document.activeElement as HTMLInputElement | null
      if (!element) return false
      if (want.text !== undefined) return element.textContent?.trim() === want.text
      if (want.name !== undefined) return element.name === want.name
      return element.getAttribute('role') === 'checkbox' || element.type === 'checkbox'
    }, target)
    if (reached) return
  }
  throw new Error(`Tab never reached ${JSON.stringify(target)}`)
}

describe('the API tokens screen', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool({ name: 'Token Grammar' })
  })

  it('asks for a passkey before issuing; the token works on /api/v1 until it is revoked on the screen', async () => {
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    const { url } = await newcomerLink(school)
    // A session from the link has registered a passkey but not yet proved one: issuing needs a step-up.
    await registerFirstPasskey(page, url)
    await page.goto(`${siteUrl()}/staff/settings/tokens`)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Issue a token' }).click()
    await page.getByLabel('Purpose').fill('Website enquiry form')
    await page.getByLabel('person.read').check()
    await page.getByRole('button', { name: 'Issue token', exact: true }).click()

    const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    const secret = (await page.getByTestId('token-secret').textContent())!.trim()
    expect(secret).toMatch(/^rbk_/)
    expect((await callApi('/api/v1/people', { token: secret })).status).toBe(200)

    await page.getByRole('button', { name: 'I have stored it' }).click()
    await page.getByRole('button', { name: 'Revoke Website enquiry form' }).click()
    await page.getByText('Revoked', { exact: true }).waitFor()
    expect((await callApi('/api/v1/people', { token: secret })).status).toBe(401)
    await context.close()
  })

  it('issues a token with the keyboard alone', async () => {
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    const { url } = await newcomerLink(school)
    await registerFirstPasskey(page, url)
    // Signing in with the passkey proves it, so no step-up prompt comes.
    await page.request.delete(`${siteUrl()}/api/app/session`)
    await page.goto(`${siteUrl()}/sign-in`)
    await page.waitForLoadState('networkidle')
    await tabTo(page, { text: 'Sign in with a passkey' })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/staff$/)

    await page.goto(`${siteUrl()}/staff/settings/tokens`)
    await page.waitForLoadState('networkidle')
    await tabTo(page, { text: 'Issue a token' })
    await page.keyboard.press('Enter')
    await tabTo(page, { name: 'purpose' })
    await page.keyboard.type('Keyboard integration')
    await tabTo(page, { checkbox: true })
    await page.keyboard.press('Space')
    await tabTo(page, { text: 'Issue token' })
    await page.keyboard.press('Enter')
    const secret = (await page.getByTestId('token-secret').textContent())!.trim()
    expect((await callApi('/api/v1/people', { token: secret })).status).toBe(200)
    await context.close()
  })
})
