import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { createECDH, randomBytes } from 'node:crypto'
import { notificationChoices, pushSubscriptions } from '../../db/schema'
import { changePersonContact } from '../../server/domain/people/contact-details'
import { updateNotificationSettings } from '../../server/domain/notifications/notification-settings'
import { receiveTextReply } from '../../server/domain/notifications/text-replies'
import { addPushDevice } from '../../server/domain/notifications/push-devices'
import { useBrowser, waitForApp } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedFamily } from '../support/person-fixtures'
import { newSchool } from '../support/schools'
import { checkScreen, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>
const phone = '+61400000123'

/** Opens the page and waits until the app has mounted and the page's own read has answered. */
async function open(page: Page) {
  await page.goto(`${siteUrl()}/family/notifications`)
  await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
  await waitForApp(page)
  await page.getByRole('heading', { name: 'Where notices go' }).waitFor()
}

/** axe with every rule at the phone's width the portal is designed at (checkScreen scans at 1280 px). */
async function axeAtPhoneWidth(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze()
  const grave = results.violations.filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
  expect(grave.map(violation => `${name} at 390 px: ${violation.id}: ${violation.nodes.map(node => node.html.slice(0, 160)).join(', ')}`)).toEqual([])
}

// A parent of a school with a text gateway, on a phone: their channels, a choice changed and saved, consents that cannot be
// turned off, texts stopped by a STOP reply, and phone notifications on this device as far as headless Chromium goes.
describe('the family portal\'s Notifications', () => {
  let school: School
  let mother: string
  let accountId: string
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    school = await newSchool({ name: 'Family Notifications School' })
    mother = (await seedFamily(school.context, { family: 'Moana', child: 'Tui' })).mother
    await changePersonContact(school.context, mother, { phone })
    await updateNotificationSettings(school.context, {
      digestTime: '17:00', optionalKinds: ['school', 'fees', 'applications'],
      textGateway: { kind: 'kannel', sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', password: 'sendsms-secret', sendsPerSecond: 1 }
    })
    const session = await familySession(school, mother)
    const cookie = session.cookie
    accountId = session.accountId
    context = await (await useBrowser()).newContext({ viewport: { width: 390, height: 844 } })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('shows the parent\'s channels, offers no "off" for consents, and saves a changed choice', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-notifications.png', fullPage: true }).then(() => {}, () => {}))
    await open(page)
    await expect(page.locator('main dl').innerText()).resolves.toContain(phone)
    await page.getByRole('link', { name: 'Our details' }).last().waitFor()
    // In the menu, after Our data.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Family portal' }).getByRole('link', { name: 'Notifications' }).waitFor()
    await page.getByRole('button', { name: 'Menu' }).click()

    const consents = page.locator('[data-notice-kind="consents"]')
    await consents.getByText('The school sends these to every family').waitFor()
    await consents.getByRole('combobox', { name: 'Email' }).click()
    await page.getByRole('option', { name: 'Daily digest at 17:00' }).waitFor()
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['At once', 'Daily digest at 17:00'])
    await page.keyboard.press('Escape')

    const school_ = page.locator('[data-notice-kind="school"]')
    // Texts are off by default for a parent with an email address (they cost the school); email at once.
    await expect(school_.getByRole('combobox', { name: 'Text message' }).innerText()).resolves.toBe('Off')
    await school_.getByRole('combobox', { name: 'Email' }).click()
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['At once', 'Daily digest at 17:00', 'Off'])
    await page.getByRole('option', { name: 'Daily digest at 17:00' }).click()
    await school_.getByRole('combobox', { name: 'Text message' }).click()
    await page.getByRole('option', { name: 'At once' }).click()
    await checkScreen(page, 'family-notifications')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeAtPhoneWidth(page, 'family-notifications')

    await page.getByRole('button', { name: 'Save choices' }).click()
    await page.getByText('Choices saved').first().waitFor()
    const stored = await school.database.db.select({ kind: notificationChoices.kind, channel: notificationChoices.channel, mode: notificationChoices.mode })
      .from(notificationChoices).where(and(eq(notificationChoices.schoolId, school.id), eq(notificationChoices.adultId, mother)))
    expect(stored.map(choice => `${choice.kind} ${choice.channel} ${choice.mode}`).sort()).toEqual(['school email digest', 'school sms instant'])
    await open(page)
    await expect(page.locator('[data-notice-kind="school"]').getByRole('combobox', { name: 'Email' }).innerText()).resolves.toBe('Daily digest at 17:00')
  })

  it('says texts are off after the parent replied STOP, and offers no text choices then', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-notifications-stopped.png', fullPage: true }).then(() => {}, () => {}))
    await receiveTextReply(school.database, school.id, { from: phone, text: 'STOP' })
    await open(page)
    await page.getByText('Texts are off because you replied STOP; reply START to turn them on.').waitFor()
    expect(await page.getByRole('combobox', { name: 'Text message' }).count()).toBe(0)
    await checkScreen(page, 'family-notifications-stopped')
  })
  // Headless Chromium has no push service: with the permission refused it says so, and with it granted its subscribe fails;
  // each is worded, and nothing is faked. A device turned on elsewhere (kept through the domain, as the devices route keeps
  // one) is listed and removed.
  it('words why this browser could not turn notifications on, and lists and removes a device', async () => {
    onTestFailed(() => page.screenshot({ path: 'tests/artifacts/failed-family-notifications-device.png', fullPage: true }).then(() => {}, () => {}))
    await open(page)
    await expect(page.locator('[data-this-device]').innerText()).resolves.toBe('Notifications are off in this browser.')
    await page.getByRole('button', { name: 'Turn on notifications here' }).click()
    const problem = page.locator('main').getByRole('alert')
    await expect.poll(() => problem.innerText())
      .toBe('Notifications are blocked for this site. Allow them in your browser\'s settings for this site, then try again.')
    await context.grantPermissions(['notifications'], { origin: siteUrl() })
    await page.getByRole('button', { name: 'Turn on notifications here' }).click()
    await expect.poll(() => problem.innerText(), { timeout: 20_000 })
      .toBe('This browser could not turn notifications on: its notification service did not answer. Try again later.')
    await expect(page.locator('[data-this-device]').innerText()).resolves.toBe('Notifications are off in this browser.')

    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    await addPushDevice(school.context, { adultId: mother, accountId }, {
      endpoint: 'https://push.example.org/send/abc123',
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
    }, 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')
    await open(page)
    const devices = page.getByRole('list', { name: 'Your devices with notifications on' })
    const remove = devices.getByRole('button', { name: /^Remove Firefox/ })
    await remove.waitFor()
    // The device opens the phone-notification channel: each kind now has a select for it.
    await page.locator('[data-notice-kind="school"]').getByRole('combobox', { name: 'Phone notifications' }).waitFor()
    await checkScreen(page, 'family-notifications-device')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeAtPhoneWidth(page, 'family-notifications-device')
    await remove.click()
    await page.getByText('No device has notifications on yet.').waitFor()
    expect(await school.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.adultId, mother))).toEqual([])
  })

  // The page finds this browser among the devices by its endpoint's SHA-256, which the list carries instead of the endpoint.
  // Headless Chromium has no push service, so the subscription the page reads is given by a script standing in for the browser's
  // (its endpoint and its unsubscribe); the server, the hash and the page are the real ones.
  it('marks this browser among the devices and turns it off here by its id, without sending its subscription again', async () => {
    const endpoint = `https://push.example.org/send/this-browser-${randomBytes(6).toString('hex')}`
    const here = await (await useBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    await here.addCookies([{ name: 'rollbook_session', value: (await familySession(school, mother)).cookie.split('=')[1]!, url: siteUrl() }])
    await here.addInitScript((subscribed: string) => {
      let subscription: object | null = {
        endpoint: subscribed, options: { applicationServerKey: null }, toJSON: () => ({ endpoint: subscribed, expirationTime: null, keys: {} }),
        unsubscribe: async () => {
          subscription = null
          return true
        }
      }
      ServiceWorkerContainer.prototype.getRegistration = async () =>
        ({ pushManager: { getSubscription: async () => subscription } }) as unknown as ServiceWorkerRegistration
    }, endpoint)
    const herPage = await here.newPage()
    onTestFailed(() => herPage.screenshot({ path: 'tests/artifacts/failed-family-notifications-this-device.png', fullPage: true }).then(() => {}, () => {}))
    const ecdh = () => {
      const keys = createECDH('prime256v1')
      keys.generateKeys()
      return { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
    }
    const laptop = await addPushDevice(school.context, { adultId: mother, accountId }, { endpoint, keys: ecdh() },
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')
    const phoneDevice = await addPushDevice(school.context, { adultId: mother, accountId },
      { endpoint: `https://push.example.org/send/phone-${randomBytes(6).toString('hex')}`, keys: ecdh() },
      'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')
    const deviceRequests: string[] = []
    herPage.on('request', (request) => {
      if (request.url().includes('/api/app/portal/notifications/devices')) deviceRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await open(herPage)
    await expect.poll(() => herPage.locator('[data-this-device]').innerText()).toBe('Notifications are on in this browser.')
    const devices = herPage.getByRole('list', { name: 'Your devices with notifications on' })
    const marked = devices.getByRole('listitem').filter({ has: herPage.locator('[data-this-device-mark]') })
    await expect.poll(() => marked.count()).toBe(1)
    expect(await marked.innerText()).toContain(laptop.label)
    expect(await devices.getByRole('listitem').filter({ hasText: phoneDevice.label }).locator('[data-this-device-mark]').count()).toBe(0)
    await checkScreen(herPage, 'family-notifications-this-device')
    await herPage.setViewportSize({ width: 390, height: 844 })
    await axeAtPhoneWidth(herPage, 'family-notifications-this-device')

    await herPage.getByRole('button', { name: 'Turn off notifications here' }).click()
    await herPage.getByText('Notifications turned off here').first().waitFor()
    await expect.poll(() => herPage.locator('[data-this-device]').innerText()).toBe('Notifications are off in this browser.')
    expect(deviceRequests).toEqual([`DELETE /api/app/portal/notifications/devices/${laptop.id}`])
    const kept = await school.database.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.adultId, mother))
    expect(kept).toEqual([{ id: phoneDevice.id }])
    await here.close()
  })
})
