import { describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { addPeopleWithSpans } from '../support/roles-fixtures'
import { addTour } from '../support/admissions-fixtures'
import type { RoleName } from '../../server/domain/access/roles'

/** A browser context signed in as a member of the school with this role. */
async function signedIn(school: Parameters<typeof staffSession>[0], role: RoleName): Promise<BrowserContext> {
  const { cookie } = await staffSession(school, role)
  const context = await (await useBrowser()).newContext()
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  return context
}

describe('the people directory', () => {
  it('finds a person by a name typed without accents, and narrows by group and year level', async () => {
    // A school of its own: the demo school is read by the other browser files, which count its students.
    const school = await newSchool({ name: 'Directory College' })
    const [id] = await addPeopleWithSpans(school, [
      { familyName: 'Ngāti-Brontë', givenNames: 'Zoë', spans: [{ validFrom: '2020-01-28', yearLevel: '7' }] },
      { familyName: 'Ngata', givenNames: 'Zoe', spans: [{ validFrom: '2021-01-27', kind: 'staff_member' }] },
      { familyName: 'O\'Brien', givenNames: 'Siobhán', spans: [{ validFrom: '2019-01-29', yearLevel: '9' }] },
      { familyName: 'Brien', givenNames: 'Oliver', spans: [{ validFrom: '2019-01-29', yearLevel: '7' }] }
    ])
    const context = await signedIn(school, 'office')
    const page = await context.newPage()
    const failures: string[] = []
    page.on('pageerror', error => failures.push(error.message))
    await page.goto(`${siteUrl()}/staff/people`)
    await page.getByRole('table', { name: 'People' }).waitFor()

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('zoe ngati')
    const row = page.getByRole('link', { name: 'Ngāti-Brontë, Zoë' })
    await row.waitFor()
    expect(await row.getAttribute('href')).toBe(`/staff/people/${id}`)
    await expect.poll(() => page.getByRole('table', { name: 'People' }).getByRole('link').count()).toBe(1)
    await page.getByText('Student · 7').waitFor()

    await page.getByRole('combobox', { name: 'Who' }).click()
    await page.getByRole('option', { name: 'Current students' }).click()
    await page.getByRole('combobox', { name: 'Year level' }).click()
    await page.getByRole('option', { name: '7', exact: true }).click()
    await row.waitFor()
    await checkScreen(page, 'people-directory')

    await page.getByRole('combobox', { name: 'Year level' }).click()
    await page.getByRole('option', { name: '8', exact: true }).click()
    await page.getByText('No one matches').waitFor()
    await page.getByRole('combobox', { name: 'Who' }).click()
    await page.getByRole('option', { name: 'Staff' }).click()
    await page.getByText('No one matches').waitFor()
    expect(await page.getByRole('combobox', { name: 'Year level' }).count()).toBe(0)

    // A name typed in another case and with the apostrophe left out finds O'Brien.
    await page.getByRole('combobox', { name: 'Who' }).click()
    await page.getByRole('option', { name: 'Everyone' }).click()
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('OBRIEN')
    await page.getByRole('link', { name: /^O'Brien, / }).first().waitFor()
    expect(failures).toEqual([])
    await context.close()
  })
})

describe('Today', () => {
  it('shows the member\'s counts, each a link to where the work is done', async () => {
    const school = await newSchool({ name: 'Today College' })
    await addTour(school, { startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })
    const context = await signedIn(school, 'admin')
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/staff`)
    const tours = page.getByRole('link', { name: '1 tour in the next 7 days with places left' })
    await tours.waitFor()
    expect(await tours.getAttribute('href')).toBe('/staff/tours')
    expect(await page.getByRole('link', { name: '0 people sync runs paused, waiting to be confirmed or cancelled' }).getAttribute('href'))
      .toBe('/staff/settings/sync')
    await page.getByText('0 children\'s court orders end within 30 days').waitFor()
    await checkScreen(page, 'today')
    await context.close()

    // A teacher's role reaches none of these: their Today holds no line.
    const teacher = await signedIn(school, 'teacher')
    const teacherPage = await teacher.newPage()
    await teacherPage.goto(`${siteUrl()}/staff`)
    await teacherPage.getByText('Nothing here for your role').waitFor()
    expect(await teacherPage.getByRole('list', { name: 'What needs a hand' }).count()).toBe(0)
    await teacher.close()
  })
})
