import { describe, expect, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { and, eq } from 'drizzle-orm'
import { addDays } from '../../server/domain/days/calendar'
import { useBrowser, waitForApp } from '../support/browser'
import { callApi } from '../support/api'
import { familySession } from '../support/family-sessions'
import { seedPortalFamilies } from '../support/portal-families'
import { seedClass } from '../support/consent-fixtures'
import { newSchool } from '../support/schools'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import es from '../../i18n/locales/es.json'
import { notificationDeliveries } from '../../db/schema'
import { updateNotificationSettings } from '../../server/domain/notifications/notification-settings'
import { receiveTextReply } from '../../server/domain/notifications/text-replies'

type School = Awaited<ReturnType<typeof newSchool>>
/** A gateway that takes no text (nothing listens on port 9): the screens only need the school to have one. */
const gateway = { kind: 'kannel' as const, sendsmsUrl: 'http://127.0.0.1:9/cgi-bin/sendsms', username: 'rollbook', password: 'sendsms-secret',
  sendsPerSecond: 1 }

async function officePage(school: School, name: string, role: 'office' | 'admin' = 'office'): Promise<Page> {
  const { cookie } = await staffSession(school, role)
  const context = await (await useBrowser()).newContext()
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  const page = await context.newPage()
  onTestFailed(async () => {
    await page.screenshot({ path: `tests/artifacts/failed-${name}.png`, fullPage: true }).catch(() => {})
  })
  return page
}

describe('the office\'s consents and messages screens', () => {
  it('adds a purpose, asks a class about an excursion, and sees a parent\'s portal answer per child', async () => {
    const school = await newSchool({ name: 'Consents Screen School' })
    const families = await seedPortalFamilies(school)
    await seedClass(school, '3A', [families.aroha, families.tama])
    const mother = (await familySession(school, families.mother)).cookie
    // An administrator (restricted.read) sees Tama, whom a court order protects, marked; the office's screen leaves him out (below).
    const page = await officePage(school, 'consents', 'admin')
    await page.goto(`${siteUrl()}/staff/consents`)
    await page.getByText('No asks yet').waitFor()

    await page.getByRole('button', { name: 'New purpose' }).click()
    let dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name', { exact: true }).fill('Excursion')
    await dialog.getByLabel('Each ask names the thing').check()
    await dialog.getByLabel('Asked again each occasion').check()
    await dialog.getByRole('button', { name: 'Add purpose' }).click()
    await page.getByText('Purposes: Excursion').waitFor()

    await page.getByRole('button', { name: 'New ask' }).click()
    dialog = page.getByRole('dialog')
    await dialog.getByLabel('Audience').fill('class:3A')
    await dialog.getByLabel('Closes on').fill(addDays(families.today, 7))
    await dialog.getByRole('button', { name: 'Ask families' }).click()
    // The purpose names a thing: the server's refusal is shown, and nothing is asked.
    await dialog.getByText('Excursion is about a named thing').waitFor()
    await dialog.getByLabel('Subject').fill('Zoo')
    await dialog.getByRole('button', { name: 'Ask families' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Zoo' })
    await row.waitFor()
    expect(await row.innerText()).toContain('0 yes, 0 no, 2 not yet')
    await checkScreen(page, 'staff-consents')

    const ask = (await callApi('/api/app/consents/asks', { headers: { cookie: (await staffSession(school, 'office')).cookie } })).body.items[0].id
    expect(
      (await callApi('/api/app/portal/consents/answers', { headers: { cookie: mother }, body: { askId: ask, childId: families.aroha, answer: 'yes' } })).status
    ).toBe(201)
    await row.getByRole('button', { name: 'Answers to Excursion' }).click()
    const answers = page.getByRole('table', { name: 'Answers to Excursion' })
    await answers.getByText('Hine Ngata: Yes').waitFor()
    expect(await answers.locator(`[data-consent-status="${families.aroha}"]`).innerText()).toBe('Not yet')
    await page.getByLabel('Class').fill('3A')
    await page.getByRole('button', { name: 'Class list' }).click()
    const classList = page.locator('[data-class-list]')
    await classList.getByText('Ngata, Aroha').waitFor()
    expect(await classList.innerText()).toMatch(/Parata, Tama\s*Protected\s*Not yet/)
    expect(await answers.getByRole('row').filter({ hasText: 'Parata' }).innerText()).toContain('Protected')
    await checkScreen(page, 'staff-consents-answers', ['#ask-answers'])

    // The office (no restricted.read) is shown Aroha alone, in the answers and in the excursion's class list.
    const office = await officePage(school, 'consents-office')
    await office.goto(`${siteUrl()}/staff/consents`)
    await office.getByRole('row').filter({ hasText: 'Zoo' }).getByRole('button', { name: 'Answers to Excursion' }).click()
    const officeAnswers = office.getByRole('table', { name: 'Answers to Excursion' })
    await officeAnswers.getByText('Hine Ngata: Yes').waitFor()
    expect(await officeAnswers.innerText()).not.toMatch(/Tama|Parata|Protected/)
    await office.getByLabel('Class').fill('3A')
    await office.getByRole('button', { name: 'Class list' }).click()
    await office.locator('[data-class-list]').getByText('Ngata, Aroha').waitFor()
    expect(await office.locator('[data-class-list]').innerText()).not.toMatch(/Tama|Protected/)
    await office.context().close()

    // Tama's parent signed on paper: typed in for them, shown as a paper form beside their answer.
    await answers.getByRole('button', { name: 'Record a paper form for Tama Parata' }).click()
    dialog = page.getByRole('dialog')
    await dialog.getByRole('radio').first().check()
    await dialog.getByRole('radio', { name: 'Yes' }).check()
    await checkScreen(page, 'staff-consents-paper', ['[role="dialog"]'], { phone: false })
    await dialog.getByRole('button', { name: 'Record answer' }).click()
    await answers.getByRole('row').filter({ hasText: 'Parata' }).getByText(/, paper form/).waitFor()
    expect(await answers.locator(`[data-consent-status="${families.tama}"]`).innerText()).toBe('Yes')

    // The child's record: their consents in force today.
    await page.goto(`${siteUrl()}/staff/people/${families.tama}`)
    const consents = page.locator('[data-child-consents]')
    await consents.getByText('Excursion').waitFor()
    expect(await consents.innerText()).toMatch(/Zoo\s+Yes/)
    await checkScreen(page, 'staff-person-consents', ['#person-consents'])
  })

  it('previews an audience with its left-out count ("fewer than 5", never for named adults), sends a message, and sees the parent\'s '
    + 'read receipt', async () => {
    const school = await newSchool({ name: 'Messages Screen School' })
    const families = await seedPortalFamilies(school)
    const mother = (await familySession(school, families.mother)).cookie
    // The school offers Spanish and the mother reads it: the preview counts her, and she is sent the Spanish version written below.
    const admin = (await staffSession(school, 'admin')).cookie
    expect((await callApi('/api/app/school', { method: 'PUT', headers: { cookie: admin }, body: { languages: ['es'] } })).status).toBe(200)
    const toSpanish = { method: 'PUT', headers: { cookie: admin }, body: { preferredLanguage: 'es' } }
    expect((await callApi(`/api/app/people/${families.mother}/preferred-language`, toSpanish)).status).toBe(200)
    const page = await officePage(school, 'messages')
    await page.goto(`${siteUrl()}/staff/messages`)
    await page.getByText('No messages yet').waitFor()
    await page.getByLabel('Audience').fill('year:3')
    await page.getByLabel('Subject').fill('Sports day')
    await page.getByLabel('Message').fill('Sports day is on Friday.')
    await page.getByRole('button', { name: 'Preview audience' }).click()
    const preview = page.locator('[data-audience-preview]')
    // Two are left out (the separated and the unsafe parent): below five, the screen says so without a number.
    await preview.getByText('6 adults, for 5 children. Fewer than 5 adults are left out by standing.').waitFor()
    expect(await preview.innerText()).not.toMatch(/Manaia|Tipene|\b2 adults are/)
    expect(await preview.locator('[data-audience-languages]').innerText()).toBe('Languages they read: English\u00A05, Español\u00A01')
    await page.getByRole('button', { name: 'Add a version in Español' }).click()
    await page.getByLabel('Subject in Español').fill('Día de deportes')
    await page.getByLabel('Message in Español').fill('El día de deportes es el viernes.')
    await checkScreen(page, 'staff-messages-preview')
    // Named adults are never counted: a count would say whether the named adult is withheld.
    await page.getByLabel('Audience').fill(`adult:${families.separated}, year:3`)
    await page.getByRole('button', { name: 'Preview audience' }).click()
    await preview.getByText('Adults left out by standing are not counted for an audience that names adults.').waitFor()
    // The named adult is listed as named, withheld or not: leaving them out would say they are withheld.
    expect(await preview.innerText()).toContain('Manaia')
    await page.getByLabel('Audience').fill('year:3')
    await page.getByRole('button', { name: 'Preview audience' }).click()
    await preview.getByText('Fewer than 5 adults are left out by standing.').waitFor()
    await page.getByRole('button', { name: 'Send to 6 adults' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Sports day' })
    await row.waitFor()

    const inbox = await callApi('/api/app/portal/messages', { headers: { cookie: mother } })
    const read = await callApi(`/api/app/portal/messages/${inbox.body.items[0].id}`, { headers: { cookie: mother } })
    expect(read.body).toMatchObject({ subject: 'Día de deportes', body: 'El día de deportes es el viernes.', translation: 'given' })
    // Her portal shows the Spanish version (in her Spanish portal) and links to the school's original.
    const portal = await (await useBrowser()).newContext()
    await portal.addCookies([{ name: 'rollbook_session', value: mother.split('=')[1]!, url: siteUrl() }])
    const herPage = await portal.newPage()
    await herPage.goto(`${siteUrl()}/family/messages/${inbox.body.items[0].id}`)
    await herPage.locator('[data-message-body]').getByText('El día de deportes es el viernes.').waitFor()
    await herPage.getByRole('link', { name: es.portal.message.readOriginal }).click()
    await herPage.locator('[data-message-body][lang="en"]').getByText('Sports day is on Friday.').waitFor()
    expect(herPage.url()).toMatch(/\?original=1$/)
    await portal.close()
    await row.getByRole('button', { name: 'Recipients of Sports day' }).click()
    const recipients = page.getByRole('table', { name: 'Recipients of Sports day' })
    const hine = recipients.getByRole('row').filter({ hasText: 'Hine Ngata' })
    await hine.waitFor()
    expect(await hine.innerText()).not.toContain('Not yet')
    // Sent, the message tells its left-out adults as its preview did.
    await page.locator('#message-recipients').getByText('Fewer than 5 adults are left out by standing.').waitFor()
    await checkScreen(page, 'staff-messages-recipients', ['#message-recipients'])

    // A club, started with its first child found by name, then a second, then one taken out.
    await page.getByRole('button', { name: 'New club' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name', { exact: true }).fill('Chess Club')
    await dialog.getByLabel('First child').fill('Aroha')
    await page.getByRole('option', { name: /Ngata, Aroha/ }).click()
    await dialog.getByRole('button', { name: 'Start club' }).click()
    await dialog.getByText('Use lower-case letters').waitFor()
    await dialog.getByLabel('Name', { exact: true }).fill('chess')
    await dialog.getByRole('button', { name: 'Start club' }).click()
    const members = page.getByRole('table', { name: 'Children in chess' })
    await members.getByText('Ngata, Aroha').waitFor()
    await page.getByLabel('Child', { exact: true }).fill('Tama')
    await page.getByRole('option', { name: /Parata, Tama/ }).click()
    await page.getByRole('button', { name: 'Add child' }).click()
    await members.getByText('Parata, Tama').waitFor()
    await page.locator('[data-clubs]').getByText('activity:chess, 2 children').waitFor()
    // The whole page, the chosen child's box among it: its aria-activedescendant goes once its list closes.
    await checkScreen(page, 'staff-messages-clubs')
    await members.getByRole('button', { name: 'Take out Aroha Ngata' }).click()
    await page.locator('[data-clubs]').getByText('activity:chess, 1 child').waitFor()
  })

  it('shows what each language\'s text costs as the subjects are typed, once the school sends texts', async () => {
    const school = await newSchool({ name: 'Message Texts Screen School' })
    await seedPortalFamilies(school)
    const admin = (await staffSession(school, 'admin')).cookie
    expect((await callApi('/api/app/school', { method: 'PUT', headers: { cookie: admin }, body: { languages: ['es'] } })).status).toBe(200)
    const page = await officePage(school, 'messages-texts')
    await page.goto(`${siteUrl()}/staff/messages`)
    await page.getByText('No messages yet').waitFor()
    const lengths = page.locator('[data-text-lengths]')
    // Without a text gateway no text goes: the server says so with the count, and the composer shows none.
    const counted = page.waitForResponse(response => response.url().endsWith('/api/app/messages/text-length'))
    await page.getByLabel('Subject').fill('Sports day')
    expect(await (await counted).json()).toMatchObject({ textGateway: false })
    expect(await lengths.innerText()).toBe('')

    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'], textGateway: gateway })
    await page.getByLabel('Subject').fill('Sports day moved to Friday')
    await lengths.getByText('Text: 1 part (GSM-7)').waitFor()
    await lengths.getByText('Families who chose texts get the subject and a link as a text, billed per part.', { exact: false }).waitFor()
    await page.getByLabel('Audience').fill('year:3')
    await page.getByLabel('Message').fill('Sports day is on Friday now.')
    await page.getByRole('button', { name: 'Preview audience' }).click()
    await page.getByRole('button', { name: 'Add a version in Español' }).click()
    await page.getByLabel('Subject in Español').fill('Reunión: el día de deportes es el viernes')
    await page.getByLabel('Message in Español').fill('El día de deportes es el viernes.')
    // "ó" is not in the GSM alphabet: the Spanish text is UCS-2, each part 67 characters.
    await expect.poll(() => lengths.locator('li').allInnerTexts())
      .toEqual(['Text in English: 1 part (GSM-7)', expect.stringMatching(/^Text in Español: \d parts \(UCS-2\)$/)])
    expect(await lengths.locator('li [lang="es"]').innerText()).toBe('Español')
    // The panel scrolls, not the page: the screenshots show the count where it is, above the send button.
    await page.getByRole('button', { name: /^Send to \d+ adults$/ }).scrollIntoViewIfNeeded()
    await checkScreen(page, 'staff-messages-text-lengths')
  })

  it('sends an emergency as an administrator with a passkey, after a dialog saying it goes on every channel whatever each adult chose; '
    + 'the office without messages.emergency is offered none', async () => {
    const school = await newSchool({ name: 'Flood Plain Screen School' })
    await seedPortalFamilies(school)
    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'], textGateway: gateway })

    // The office sends messages but does not hold messages.emergency: its composer has no emergency in it.
    const office = await officePage(school, 'messages-no-emergency')
    await office.goto(`${siteUrl()}/staff/messages`)
    await office.getByText('No messages yet').waitFor()
    await waitForApp(office)
    await office.getByRole('button', { name: 'Preview audience' }).waitFor()
    expect(await office.getByText(/emergency/i).count()).toBe(0)
    await office.context().close()

    const { page, context } = await pageWithAuthenticator(await useBrowser())
    onTestFailed(async () => {
      await page.screenshot({ path: 'tests/artifacts/failed-messages-emergency.png', fullPage: true }).catch(() => {})
    })
    try {
      // A session from the link has registered a passkey but not yet proved one: the emergency asks for it.
      await registerFirstPasskey(page, (await newcomerLink(school, 'admin')).url)
      await page.goto(`${siteUrl()}/staff/messages`)
      await page.getByText('No messages yet').waitFor()
      await waitForApp(page)
      await page.getByLabel('Audience').fill('year:3')
      await page.getByLabel('Subject').fill('School closed today: flooding')
      await page.getByLabel('Message').fill('Collect your children by noon.')
      await page.getByRole('button', { name: 'Preview audience' }).click()
      await page.locator('[data-audience-preview]').getByText('6 adults, for 5 children.', { exact: false }).waitFor()
      await page.getByRole('button', { name: 'Send to 6 adults' }).waitFor()

      // The emergency's text is counted as the worker writes it, marked urgent, and the words say every number gets it.
      const counted = page.waitForRequest(request => request.url().endsWith('/api/app/messages/text-length') && request.postDataJSON().emergency === true)
      await page.getByRole('checkbox', { name: 'Send as an emergency' }).check()
      await counted
      const lengths = page.locator('[data-text-lengths]')
      await lengths.getByText('Every adult with a number gets the subject and a link as a text marked urgent', { exact: false }).waitFor()
      await lengths.getByText(/^Text: \d parts? \(GSM-7\)$/).waitFor()
      const send = page.getByRole('button', { name: 'Send emergency to 6 adults' })
      await send.scrollIntoViewIfNeeded()
      await checkScreen(page, 'staff-messages-emergency')

      // The dialog says what it does; Escape sends nothing and gives focus back to the send button.
      await send.click()
      const dialog = page.getByRole('dialog', { name: 'Send an emergency to 6 adults?' })
      await dialog.waitFor()
      expect(await dialog.innerText()).toContain('every channel each adult has: email, texts and phone notifications, whatever they chose')
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep editing')
      await checkScreen(page, 'staff-messages-emergency-confirm', ['[role="dialog"]'])
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Send emergency to 6 adults')
      expect(await page.getByText('No messages yet').isVisible()).toBe(true)

      // Sent from the keyboard: the dialog, then the passkey, then the toast and the message in the list.
      await page.keyboard.press('Enter')
      await dialog.getByRole('button', { name: 'Send emergency', exact: true }).focus()
      await page.keyboard.press('Enter')
      const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
      await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
      await page.getByText('Emergency sent').first().waitFor()
      await page.getByText('Going on every channel to 6 adults.').first().waitFor()
      const sentRow = page.getByRole('row').filter({ hasText: 'School closed today: flooding' })
      await sentRow.waitFor()
      // The list marks it an emergency; the office's other messages are not.
      expect(await sentRow.getByText('Emergency', { exact: true }).count()).toBe(1)
      expect(await page.getByRole('row').filter({ hasNotText: 'School closed today: flooding' }).getByText('Emergency', { exact: true }).count()).toBe(0)
      expect(await page.getByRole('checkbox', { name: 'Send as an emergency' }).isChecked()).toBe(false)
      expect(await page.getByLabel('Subject').inputValue()).toBe('')

      // Hine has an email address, so texts were off for her: the emergency texts her all the same, ahead of every other queue.
      const texts = await school.database.db.select().from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.schoolId, school.id), eq(notificationDeliveries.target, '+61400000002')))
      expect(texts.map(text => [text.channel, text.priority])).toEqual([['sms', 0]])
    } finally {
      await context.close()
    }
  })

  it('marks on a message\'s recipients the numbers texts no longer reach, without the numbers', async () => {
    const school = await newSchool({ name: 'Message Numbers Screen School' })
    const families = await seedPortalFamilies(school)
    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'], textGateway: gateway })
    // Hine replied STOP; Rawiri's last three texts bounced.
    await receiveTextReply(school.database, school.id, { from: '+61400000002', text: 'STOP' })
    const at = new Date().toISOString()
    await school.database.transaction(tx => tx.insert(notificationDeliveries).values([1, 2, 3].map(n => ({
      id: `ndl_rawiri${n}${process.pid}`, schoolId: school.id, messageId: null, adultId: families.father, channel: 'sms' as const,
      target: '+61400000003', childIds: '[]', status: 'bounced' as const, priority: 1, attempts: 1, nextAttemptAt: 0, lastError: 'kannel 400', createdAt: at
    }))))
    const office = (await staffSession(school, 'office')).cookie
    const sent = await callApi('/api/app/messages', { headers: { cookie: office }, body: { subject: 'Sports day moved to Friday',
      body: 'Sports day is on Friday now.', audience: ['year:3'] } })
    expect(sent.status).toBe(201)
    const page = await officePage(school, 'messages-numbers')
    await page.goto(`${siteUrl()}/staff/messages`)
    const row = page.getByRole('row').filter({ hasText: 'Sports day moved to Friday' })
    await row.getByRole('button', { name: 'Recipients of Sports day moved to Friday' }).click()
    const recipients = page.getByRole('table', { name: 'Recipients of Sports day moved to Friday' })
    await recipients.getByRole('row').filter({ hasText: 'Hine Ngata' }).getByText('Number replied STOP: no texts').waitFor()
    await recipients.getByRole('row').filter({ hasText: 'Rawiri Ngata' }).getByText('Number failing: texts paused').waitFor()
    expect(await recipients.locator('[data-text-number]').count()).toBe(2)
    expect(await recipients.innerText()).not.toMatch(/400 000 00\d|40000000\d/)
    await checkScreen(page, 'staff-messages-recipients-texts', ['#message-recipients'])
    // On a phone the card keeps to the screen and its table scrolls in its own box, the marks reached by scrolling the table.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => page.locator('#message-recipients').evaluate(card => card.getBoundingClientRect().right)).toBeLessThanOrEqual(390)
  })
})
