import { describe, expect, it, inject } from 'vitest'
import { useBrowser, waitForApp } from '../support/browser'
import { walk } from '../support/keyboard-walk'
import { checkScreen } from '../support/staff-browser'

describe('the first screens', () => {
  it('says what Rollbook is and leads to a readable API reference', async () => {
    const browser = await useBrowser()
    const page = await browser.newPage()
    const failures: string[] = []
    page.on('pageerror', error => failures.push(error.message))
    await page.goto(inject('baseUrl') + '/')
    await expect(page.locator('h1').textContent()).resolves.toContain('Rollbook')
    await page.getByRole('link', { name: 'API reference' }).click()
    await page.waitForURL(/\/reference$/)
    await page.getByText('/api/v1/people/{id}').first().waitFor()
    const text = await page.locator('body').innerText()
    for (const expected of ['/api/v1/people', '/api/v1/enquiries', 'person.read', 'enquiry.write', '300', '30']) {
      expect(text).toContain(expected)
    }
    expect(failures).toEqual([])
    await page.close()
  })

  // Neither page has the staff screens' frame (a sidebar and its skip link): each is walked from the top with Tab
  // alone, and read at 390 px (no sideways scroll: the reference's paths and code wrap) and scanned, in light.
  it.each(['/', '/reference'])('%s: every control reached with Tab shows its focus, is named and is not drawn over; whole at 390 px', async (path) => {
    const context = await (await useBrowser()).newContext()
    const page = await context.newPage()
    await page.goto(inject('baseUrl') + path)
    await page.locator('h1').first().waitFor()
    await waitForApp(page)
    const stops = await walk(page, { limit: 80 })
    expect(stops.length, `${path}: nothing takes focus`).toBeGreaterThan(0)
    expect(stops.filter(stop => !stop.visibleFocus).map(stop => `${stop.name} shows no focus indicator`)).toEqual([])
    expect(stops.filter(stop => stop.covered).map(stop => `${stop.name} is drawn over when focused`)).toEqual([])
    expect(stops.filter(stop => /"\s*"$/.test(stop.name)).map(stop => `${stop.name} has no name`)).toEqual([])
    await checkScreen(page, path === '/' ? 'front-page' : 'reference')
    await context.close()
  })
})
