import { afterAll, describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { callApi } from '../support/api'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { startBuiltServer, type RunningServer } from '../support/server-process'
import { createTour } from '../../server/domain/admissions/tour-records'
import { updateSchoolSettings } from '../../server/domain/schools/school-settings'
import { requireSchool } from '../../server/domain/schools/find-school'
import { seedFamily } from '../support/person-fixtures'

type School = Awaited<ReturnType<typeof newSchool>>

/** A browser context signed in as a new member of `role` of the school, by session cookie. */
async function signedIn(school: School, role: 'admin' | 'office') {
  const { cookie, member } = await staffSession(school, role)
  const context = await (await useBrowser()).newContext()
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  return { context, page: await context.newPage(), member }
}

const contexts: BrowserContext[] = []
afterAll(() => Promise.all(contexts.map(context => context.close())))

// Settings → School, Modules, Roles and Activity as an administrator uses them. Each test makes its own
// school: these screens move settings (a zone, a module, a role) that every other screen of a school reads.
describe('the school, modules, roles and activity settings screens', () => {
  it('changes the zone and the Activity list follows it; a campus still in use is refused beside its field', async () => {
    const school = await newSchool({ name: 'Zone College', campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
    await createTour(
      school.context,
      { title: 'Open morning', startsAt: '2031-03-01T09:00:00+11:00', venue: 'Hall', capacity: 20, campus: 'South', audience: 'families' }
    )
    const { context, page } = await signedIn(school, 'admin')
    contexts.push(context)
    await page.goto(`${siteUrl()}/staff/settings/school`)
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'settings-school-form')

    await page.getByRole('button', { name: 'Remove campus South' }).click()
    await page.getByRole('button', { name: 'Save campuses' }).click()
    await page.getByText('South is still named by 1 student span, tour or application: it stays.').waitFor()

    await page.getByRole('button', { name: /^Time zone/ }).click()
    await page.getByPlaceholder('Search time zones').fill('Auckland')
    await page.getByRole('option', { name: 'Pacific/Auckland' }).click()
    await page.getByRole('button', { name: 'Save name and time zone' }).click()
    await page.getByText('Days and times now follow Pacific/Auckland.').first().waitFor()

    // The fees' currency, chosen by its code or its name.
    await page.getByRole('button', { name: /^Currency/ }).click()
    await page.getByPlaceholder('Search currencies').fill('New Zealand')
    await page.getByRole('option', { name: /^NZD, New Zealand/ }).click()
    await page.getByRole('button', { name: 'Save currency' }).click()
    await page.getByText(/Fee schedules are in New Zealand dollars?\./i).first().waitFor()

    // Within the app, no reload: saving the zone read the staff session again, whose clock every screen writes with.
    await page.getByRole('link', { name: 'Activity', exact: true }).first().click()
    await page.waitForURL(/\/staff\/settings\/activity$/)
    const row = page.getByRole('row').filter({ hasText: 'School settings changed: timeZone' })
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain('timeZone: Australia/Sydney → Pacific/Auckland')
    // Times are the school's: the list now reads them in New Zealand time.
    await expect.poll(() => row.locator('time').textContent()).toMatch(/NZ[DS]T|GMT\+1[23]/)
    await checkScreen(page, 'settings-activity-list')
  }, 240_000)

  it('offers languages on the Languages card, sets an adult\'s on the record with the server\'s refusal beside the select, '
    + 'and keeps a preferred one', async () => {
    const school = await newSchool({ name: 'Languages College' })
    const family = await seedFamily(school.context, { family: 'Haddad', child: 'Omar' })
    const { context, page } = await signedIn(school, 'admin')
    contexts.push(context)
    await page.goto(`${siteUrl()}/staff/settings/school`)
    await page.waitForLoadState('networkidle')
    const card = page.locator('form').filter({ hasText: 'Save languages' })
    // English is always offered: said, never a box to untick.
    await card.getByText('English is always offered.').waitFor()
    expect(await card.getByRole('checkbox', { name: /^English/ }).count()).toBe(0)
    await checkScreen(page, 'settings-school-languages')
    await card.getByRole('checkbox', { name: /^Spanish \(Español\)/ }).click()
    await card.getByRole('checkbox', { name: /^Arabic \(العربية\)/ }).click()
    await page.getByRole('button', { name: 'Save languages' }).click()
    await page.getByText('Families can choose from 3 languages.').first().waitFor()

    // The record offers the school's languages, each named in itself.
    await page.goto(`${siteUrl()}/staff/people/${family.mother}`)
    await page.getByRole('button', { name: 'Change the preferred language' }).click()
    const select = page.getByRole('combobox', { name: 'Preferred language' })
    await select.click()
    await page.getByRole('option', { name: 'العربية (ar)' }).click()
    await page.getByRole('button', { name: 'Save the preferred language' }).click()
    // The notice comes once the record has been read again: the select shows the choice at once, so its words would not wait
    // for that read, which could then land after the change below and offer Spanish no longer.
    await page.getByText('Preferred language saved').first().waitFor()
    await page.getByText('العربية (ar)', { exact: true }).first().waitFor()

    // Spanish withdrawn meanwhile (nobody prefers it): the page still offers it, and the server's refusal shows beside the select.
    await updateSchoolSettings({ ...school.context, school: await requireSchool(school.database, school.id) }, { languages: ['ar'] })
    await page.getByRole('button', { name: 'Change the preferred language' }).click()
    await select.click()
    await page.getByRole('option', { name: 'Español (es)' }).click()
    await page.getByRole('button', { name: 'Save the preferred language' }).click()
    await page.getByText('The school does not offer es; it offers en, ar.').waitFor()
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'person-record-language')

    // Arabic is preferred by the mother now: the card cannot drop it, and says how many prefer it.
    await page.goto(`${siteUrl()}/staff/settings/school`)
    await page.waitForLoadState('networkidle')
    await card.getByRole('checkbox', { name: /^Arabic/ }).click()
    await page.getByRole('button', { name: 'Save languages' }).click()
    await page.getByText('1 person prefers العربية (ar): keep it, or change their preferred language first.').waitFor()
  }, 240_000)

  it('switches admissions to read-only: POST /api/v1/enquiries answers component_off at once, on a second server too', async () => {
    const school = await newSchool({ name: 'Switch College' })
    const token = await school.token(['enquiry.write'])
    const body = { student: { familyName: 'Rua', givenNames: 'Tama' }, enquirer: { familyName: 'Rua', givenNames: 'Ana', email: 'ana@example.org' } }
    // A second instance on the same database; both have answered for the school, so each holds its parsed settings.
    const second: RunningServer = await startBuiltServer()
    try {
      expect((await callApi('/api/v1/enquiries', { token, body })).status).toBe(201)
      expect((await callApi('/api/v1/enquiries', { token, body, baseUrl: second.url })).status).toBe(201)

      const { context, page } = await signedIn(school, 'admin')
      contexts.push(context)
      await page.goto(`${siteUrl()}/staff/settings/modules`)
      await page.waitForLoadState('networkidle')
      const admissions = page.getByRole('group', { name: 'Admissions: how the school runs it' })
      await admissions.getByRole('radio', { name: /^Read-only/ }).click()
      await page.getByText('Admissions is read-only').first().waitFor()

      const first = await callApi('/api/v1/enquiries', { token, body })
      expect([first.status, first.body.data.code]).toEqual([403, 'component_off'])
      const other = await callApi('/api/v1/enquiries', { token, body, baseUrl: second.url })
      expect([other.status, other.body.data.code]).toEqual([403, 'component_off'])
      await checkScreen(page, 'settings-modules-read-only')

      await admissions.getByRole('radio', { name: /^On/ }).click()
      await page.getByText('Admissions is on').first().waitFor()
      expect((await callApi('/api/v1/enquiries', { token, body, baseUrl: second.url })).status).toBe(201)
    } finally {
      await second.stop()
    }
  }, 240_000)

  it('gives the office role a capability after a passkey confirmation, and the office\'s menu changes', async () => {
    const school = await newSchool({ name: 'Roles College' })
    const office = await signedIn(school, 'office')
    contexts.push(office.context)
    await office.page.goto(`${siteUrl()}/staff/settings`)
    await office.page.waitForLoadState('networkidle')
    const settingsNav = office.page.getByRole('navigation', { name: 'Settings' })
    expect(await settingsNav.getByRole('link', { name: 'API tokens' }).count()).toBe(0)

    const { page, context } = await pageWithAuthenticator(await useBrowser())
    contexts.push(context)
    await registerFirstPasskey(page, (await newcomerLink(school)).url)
    await page.goto(`${siteUrl()}/staff/settings/roles`)
    await page.waitForLoadState('networkidle')
    await page.getByText('issue, rotate and revoke API tokens, rostering tokens included').first().waitFor()
    // The administrator's staff.manage is no choice: it is said, not offered.
    await page.getByRole('group', { name: 'Capabilities of the admin role' }).getByRole('checkbox', { name: /^tokens\.manage/ }).waitFor()
    expect(await page.getByRole('group', { name: 'Capabilities of the admin role' }).getByRole('checkbox', { name: /^staff\.manage/ }).count()).toBe(0)
    await page.getByText('Always holds staff.manage and settings.manage').waitFor()
    await checkScreen(page, 'settings-roles-list')

    await page.getByRole('group', { name: 'Capabilities of the office role' }).getByRole('checkbox', { name: /^tokens\.manage/ }).click()
    await page.getByRole('button', { name: 'Save office' }).click()
    const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    await page.getByText('The office role is saved').first().waitFor()

    await office.page.reload()
    await office.page.waitForLoadState('networkidle')
    await settingsNav.getByRole('link', { name: 'API tokens' }).first().waitFor()

    await page.goto(`${siteUrl()}/staff/settings/activity`)
    await page.waitForLoadState('networkidle')
    await page.getByRole('combobox', { name: 'Kind' }).click()
    await page.getByRole('option', { name: 'A role\'s capabilities changed' }).click()
    const row = page.getByRole('row').filter({ hasText: 'The office role\'s capabilities changed' })
    await expect.poll(() => row.textContent()).toContain('tokens.manage: no → yes')
  }, 240_000)
})
