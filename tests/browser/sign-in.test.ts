import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser, waitForApp } from '../support/browser'
import { newSchool } from '../support/schools'
import { newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

/** The code of the newest mail to an address, as the development outbox shows it. */
async function codeFromOutbox(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage()
  try {
    for (let i = 0; i < 50; i++) {
      await outbox.goto(`${siteUrl()}/dev/outbox`)
      const mail = outbox.locator('article', { has: outbox.locator('.to', { hasText: email }) }).first()
      if (await mail.count()) return /code is (\d{6})/.exec(await mail.innerText())![1]!
      await outbox.waitForTimeout(100)
    }
    throw new Error(`No mail to ${email} in the outbox`)
  } finally {
    await outbox.close()
  }
}

async function askForCode(page: Page, email: string) {
  await page.goto(`${siteUrl()}/sign-in`)
  await waitForApp(page)
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Email me a code' }).click()
  // A refusal (a limit reached, say) says why at once, not as a 30-second wait for a field that never comes.
  const refusal = page.getByRole('alert')
  await page.getByLabel('Sign-in code').or(refusal).first().waitFor()
  if (await refusal.count()) throw new Error(`Asking for a code was refused: ${await refusal.first().innerText()}`)
}

describe('signing in on the screens', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool({ name: 'Passkey Primary' })
  })

  it('registers a passkey from the one-time link, signs out, and signs back in with it', async () => {
    const { page, context, credentials } = await pageWithAuthenticator(await useBrowser())
    const { member, url } = await newcomerLink(school)
    await registerFirstPasskey(page, url)
    expect(await credentials()).toHaveLength(1)

    await page.getByRole('button', { name: /^Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await page.waitForURL(/\/sign-in$/)
    expect((await page.request.get(`${siteUrl()}/api/app/session`)).status()).toBe(401)

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL(/\/staff$/)
    await expect(page.getByText('Passkey Primary').first().textContent()).resolves.toContain('Passkey Primary')
    const session = await (await page.request.get(`${siteUrl()}/api/app/session`)).json()
    expect(session.account.email).toBe(member.email)
    expect(session.session.method).toBe('passkey')
    await context.close()
  })

  it('signs in with a code read from the development outbox', async () => {
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    const { member } = await newcomerLink(school, 'office')
    await askForCode(page, member.email)
    await page.getByLabel('Sign-in code').fill(await codeFromOutbox(page, member.email))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    // Without a passkey yet, the screens lead to registering one.
    await page.waitForURL(/\/staff\/account\/passkeys$/)
    await context.close()
  })

  it('shows the refusal once a code has been tried wrongly five times, even for the right digits', async () => {
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    const { member } = await newcomerLink(school, 'office')
    await askForCode(page, member.email)
    const code = await codeFromOutbox(page, member.email)
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0')
    for (const attempt of [wrong, wrong, wrong, wrong, wrong, code]) {
      await page.getByLabel('Sign-in code').fill(attempt)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor()
    }
    expect(page.url()).toMatch(/\/sign-in$/)
    await context.close()
  })

  // docs/performance.md, "The sign-in form before its script": the page is usable before any script, and loads it late.
  it('signs in with a code with JavaScript turned off: the server answers the form\'s posts', async () => {
    const context = await (await useBrowser()).newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const { member } = await newcomerLink(school, 'office')
    await page.goto(`${siteUrl()}/sign-in`)
    await page.getByLabel('Email address').fill('not an address')
    await page.getByRole('button', { name: 'Email me a code' }).click()
    // The browser's own check of an email field stops this post, as a reader without script would see it.
    expect(await page.getByLabel('Email address').evaluate(field => (field as HTMLInputElement).validity.valid)).toBe(false)
    await page.getByLabel('Email address').fill(member.email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Sign-in code').fill('000000')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor()
    await page.getByLabel('Email address').fill(member.email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Sign-in code').fill(await codeFromOutbox(page, member.email))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(/\/staff\/account\/passkeys$/)
    const session = await (await page.request.get(`${siteUrl()}/api/app/session`)).json()
    expect(session.account.email).toBe(member.email)
    await context.close()
  })

  it('fetches no script until the reader reaches for the page, then keeps what they typed and goes on without a reload', async () => {
    const context = await (await useBrowser()).newContext()
    const page = await context.newPage()
    const { member } = await newcomerLink(school, 'office')
    const scripts: string[] = []
    page.on('request', request => request.resourceType() === 'script' && scripts.push(request.url()))
    await page.goto(`${siteUrl()}/sign-in`, { waitUntil: 'load' })
    await page.evaluate(() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(scripts).toEqual([])
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.getByLabel('Email address').fill(member.email)
    await page.waitForFunction(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
    expect(scripts.length).toBeGreaterThan(0)
    expect(await page.getByLabel('Email address').inputValue()).toBe(member.email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Sign-in code').waitFor()
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await context.close()
  })

  it('makes again a click given before the app had taken the page over', async () => {
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    const { url } = await newcomerLink(school)
    await registerFirstPasskey(page, url)
    await page.request.delete(`${siteUrl()}/api/app/session`)
    await page.goto(`${siteUrl()}/sign-in`, { waitUntil: 'load' })
    expect(await page.evaluate(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)).toBe(false)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL(/\/staff$/)
    await context.close()
  })
})
