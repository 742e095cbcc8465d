import { describe, expect, it } from 'vitest'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { uniqueEmail } from '../support/staff-sessions'

// The staff and passkey screens through their composables (useStaff, useSignInPolicy, usePasskeyList):
// every read and write a person can make there, as they see it.
describe('the staff settings and passkeys screens', () => {
  it('adds a member, changes their role, ends their sessions, removes them, requires passkeys, and renames a passkey', async () => {
    const school = await newSchool({ name: 'Screens On Calls' })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    await registerFirstPasskey(page, (await newcomerLink(school)).url)

    await page.getByRole('textbox', { name: 'Name of passkey Test laptop' }).fill('Office desktop')
    await page.getByRole('textbox', { name: 'Name of passkey Test laptop' }).press('Enter')
    await page.getByRole('button', { name: 'Remove passkey Office desktop' }).waitFor()

    await page.goto(`${siteUrl()}/staff/settings/staff`)
    await page.waitForLoadState('networkidle')
    const email = uniqueEmail('office')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('Send them this one-time link').waitFor()
    expect(await page.getByText(`${siteUrl()}/sign-in/link?token=`).count()).toBe(1)
    // The member's row (a toast naming them is a list item too).
    const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remove access' }) }).filter({ hasText: email })
    await row.waitFor()

    await page.getByRole('combobox', { name: `Role of ${email}` }).click()
    await page.getByRole('option', { name: 'teacher' }).click()
    await page.getByText(`${email} is now teacher`, { exact: true }).waitFor()

    // Changing the sign-in policy needs a passkey proof within five minutes: the screen asks for one.
    await page.getByRole('switch', { name: 'Require passkeys for staff' }).click()
    const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    await expect.poll(() => page.getByRole('switch', { name: 'Require passkeys for staff' }).getAttribute('aria-checked')).toBe('true')

    // Ending another member's sessions needs a proof too: the one just given still holds.
    await row.getByRole('button', { name: 'End sessions' }).click()
    await page.getByText(`Ended 0 session(s) of ${email}`, { exact: true }).waitFor()

    await row.getByRole('button', { name: 'Remove access' }).click()
    await expect.poll(() => row.count()).toBe(0)
    await context.close()
  })
})
