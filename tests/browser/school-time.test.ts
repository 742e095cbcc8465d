import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createTour } from '../../server/domain/admissions/tour-records'
import { useBrowser } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedFamily } from '../support/person-fixtures'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { siteUrl } from '../support/staff-browser'

// A 09:30 tour at a school in Sydney reads 09:30 on the school's wall clock, with its zone, wherever the
// browser is: on the staff tours screen and its form, and in the portal (issue 37, point 7). Before, the staff
// screen and the portal wrote the browser's zone: 22:30 the day before from a browser in UTC.
const zones = ['UTC', 'America/New_York']
/** 1 December 2031 22:30 UTC: Tuesday 2 December, 09:30 in Sydney (AEDT, UTC+11). */
const startsAt = '2031-12-02T09:30:00+11:00'
const written = 'Tue, Dec 2, 2031, 9:30 AM GMT+11'

describe('times in the school\'s zone, from browsers elsewhere', () => {
  let browser: Browser
  let school: Awaited<ReturnType<typeof newSchool>>
  let staffCookie: string
  let familyCookie: string
  const title = `Sydney morning ${Date.now().toString(36)}`
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    browser = await useBrowser()
    school = await newSchool({ name: 'Harbour School', timeZone: 'Australia/Sydney' })
    await createTour(school.context, { title, startsAt, venue: 'Hall', capacity: 20, audience: 'families' })
    const family = await seedFamily(school.context, { family: 'Tran', child: 'Mai' })
    staffCookie = (await staffSession(school, 'admin')).cookie
    familyCookie = (await familySession(school, family.mother)).cookie
  })
  afterAll(() => Promise.all(contexts.map(context => context.close())))

  /** A page in a browser context standing in `timezoneId`, signed in with the cookie. */
  async function pageIn(timezoneId: string, cookie: string): Promise<Page> {
    const context = await browser.newContext({ timezoneId })
    contexts.push(context)
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    const page = await context.newPage()
    const path = `tests/artifacts/failed-school-time-${timezoneId.replace('/', '-')}.png`
    onTestFailed(() => page.screenshot({ path, fullPage: true }).then(() => {}, () => {}))
    return page
  }

  it.each(zones)('the staff tours screen and its form read 09:30 Sydney time from a browser in %s', async (zone) => {
    const page = await pageIn(zone, staffCookie)
    await page.goto(`${siteUrl()}/staff/tours`)
    // The context really stands in the zone: the browser's own clock would write the tour elsewhere.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone)
    const row = page.getByRole('row').filter({ hasText: title })
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(written)

    await row.getByRole('button', { name: `Edit ${title}` }).click()
    const starts = page.getByRole('dialog').getByLabel('Starts')
    await expect.poll(() => starts.inputValue()).toBe('2031-12-02T09:30')
    await page.getByRole('dialog').getByText('In the school\'s time zone, Australia/Sydney.').waitFor()
  })

  it.each(zones)('the portal\'s tours read 09:30 Sydney time from a browser in %s', async (zone) => {
    const page = await pageIn(zone, familyCookie)
    await page.goto(`${siteUrl()}/family/applications`)
    const tour = page.getByRole('listitem').filter({ hasText: title })
    await expect.poll(() => tour.innerText(), { timeout: 15_000 }).toContain(written)
    expect(await tour.locator('time').getAttribute('datetime')).toBe('2031-12-01T22:30:00.000Z')
  })
})
