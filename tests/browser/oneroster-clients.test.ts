import { describe, expect, it } from 'vitest'
import { useBrowser } from '../support/browser'
import { callApi } from '../support/api'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'

const tokenRequest = (clientId: string, clientSecret: string) => callApi('/oauth/token', {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString()
})

describe('OneRoster REST clients on the rostering screen', () => {
  it('makes a client whose secret is shown once and works at the token URL, then revokes it after a confirmation', async () => {
    const school = await newSchool({ name: 'OneRoster Screen School' })
    const { cookie } = await staffSession(school, 'admin')
    const context = await (await useBrowser()).newContext()
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/staff/settings/rostering`)
    await page.getByText('No OneRoster clients yet', { exact: true }).waitFor({ timeout: 60_000 })
    await page.getByText(/\/ims\/oneroster\/rostering\/v1p2$/).waitFor()
    await page.getByText(/\/oauth\/token$/).waitFor()

    await page.getByRole('button', { name: 'Make a client' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Canvas')
    await page.getByLabel('roster.readonly', { exact: true }).uncheck()
    await page.getByRole('button', { name: 'Make client', exact: true }).click()
    const secret = (await page.getByTestId('oneroster-client-secret').textContent())!.trim()
    const clientId = (await page.getByTestId('oneroster-client-id').textContent())!.trim()
    expect(secret).toMatch(/^rbo_[0-9A-Za-z]{43}$/)
    await page.getByText('Copy this secret now: it is shown only once').waitFor()
    const table = page.getByRole('table', { name: 'OneRoster REST clients' })
    await table.getByRole('cell', { name: clientId }).waitFor()
    expect(await table.getByText('roster-core.readonly').count()).toBe(1)
    expect(await table.getByText('roster.readonly', { exact: true }).count()).toBe(0)
    // The dashboard scrolls its panel, not the page: the screenshots show the card only when it is scrolled to.
    await page.getByTestId('oneroster-client-secret').scrollIntoViewIfNeeded()
    await checkScreen(page, 'settings-rostering-oneroster-secret')

    const granted = await tokenRequest(clientId, secret)
    expect(granted.status).toBe(200)
    expect(granted.body.scope).toContain('/v1p2/scope/roster-core.readonly')

    await page.getByRole('button', { name: 'I have stored it' }).click()
    await page.reload()
    await table.getByRole('cell', { name: 'Canvas', exact: true }).waitFor({ timeout: 60_000 })
    expect(await page.content()).not.toContain(secret)
    await page.mouse.move(0, 0)
    await table.scrollIntoViewIfNeeded()
    await checkScreen(page, 'settings-rostering-oneroster-clients')

    await page.getByRole('button', { name: 'Revoke Canvas' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke Canvas?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Keep it' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await tokenRequest(clientId, secret)).status).toBe(200)
    await page.getByRole('button', { name: 'Revoke Canvas' }).click()
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click()
    await page.getByText('Client revoked', { exact: true }).waitFor()
    await table.getByText(/^Revoked /).waitFor()
    expect(await page.getByRole('button', { name: 'Revoke Canvas' }).count()).toBe(0)
    const refused = await tokenRequest(clientId, secret)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toBe('invalid_client')
    await context.close()
  })
})
