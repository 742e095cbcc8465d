import { describe, expect, it, inject } from 'vitest'
import { useBrowser } from '../support/browser'

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
})
