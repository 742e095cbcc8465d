import { beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { outboxMails, people } from '../../db/schema'
import { recordCourtOrder } from '../../server/domain/restricted/court-orders'
import { callApi } from '../support/api'
import { useBrowser, waitForApp } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedFamily } from '../support/person-fixtures'
import { newSchool } from '../support/schools'
import { staffSession, uniqueEmail } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { changePersonContact } from '../../server/domain/people/contact-details'

type School = Awaited<ReturnType<typeof newSchool>>

/** A browser context signed in with a session cookie, and a page in it. */
async function signedIn(cookie: string): Promise<{ context: BrowserContext, page: Page }> {
  const context = await (await useBrowser()).newContext()
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string) {
  await page.goto(siteUrl() + path)
  await page.locator('h1').first().waitFor({ state: 'attached' })
  await waitForApp(page)
}

describe('the office\'s side of the family portal', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  let admin: string
  beforeAll(async () => {
    school = await newSchool({ name: 'Banksia Bay School' })
    family = await seedFamily(school.context, { family: 'Okoro', child: 'Chidi' })
    admin = (await staffSession(school, 'admin')).cookie
  })

  it('invites an adult from their record at the address on it (the link is mailed, never shown), shows their access, and ends it after asking', async () => {
    const email = uniqueEmail('invited')
    // The address is the record's: the office changes it there, never in the invitation.
    await changePersonContact(school.context, family.mother, { email })
    const { page, context } = await signedIn(admin)
    await open(page, `/staff/people/${family.mother}`)
    const card = page.locator('[data-slot=root]', { has: page.getByText('Family portal', { exact: true }) }).last()
    await page.getByText('No family access: this adult cannot sign in to the portal.').waitFor()
    await page.getByRole('button', { name: 'Invite to the family portal' }).click()
    await page.getByText('The email address on the adult\'s record, and no other').waitFor()
    expect(await page.getByRole('textbox').count()).toBe(0)
    await checkScreen(page, 'staff-person-family-portal-invite', ['[data-slot=root]'], { phone: false })
    await page.getByRole('button', { name: 'Invite', exact: true }).click()
    await page.getByText('Signs in as').waitFor()
    await expect(card.innerText()).resolves.toContain(email)
    // Who gave it, as Activity names people: the member of staff by their address.
    await expect(card.innerText()).resolves.toMatch(/Given by\s+admin-[\w-]+@example\.org/)
    expect(await page.content()).not.toContain('/sign-in/link?token=')
    const [mail] = await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.createdAt)).limit(1)
    expect(mail?.text).toContain('/sign-in/link?token=')
    await page.mouse.move(0, 0)
    await checkScreen(page, 'staff-person-family-portal')

    await page.getByRole('button', { name: 'End family access' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('They are signed out of the portal at once').waitFor()
    await checkScreen(page, 'staff-person-family-portal-end', ['[role=dialog]'], { phone: false })
    await dialog.getByRole('button', { name: 'End family access' }).click()
    await page.getByText('No family access: this adult cannot sign in to the portal.').waitFor()
    await context.close()
  })

  it('shows on a person\'s record which programs read it through the API, and an administrator downloads the receipts', async () => {
    const sis = await school.token(['person.read'])
    for (let n = 0; n < 3; n++) await fetch(`${siteUrl()}/api/v1/people/${family.child}`, { headers: { authorization: `Bearer ${sis}` } })
    const { page, context } = await signedIn(admin)
    await open(page, `/staff/people/${family.child}`)
    await page.getByText('test: 3 times today, 3 times in 30 days').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download receipts (CSV)' }).click()])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^rollbook-receipts-${family.child}-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
    await context.close()
  })

  it('previews the portal as an adult: the banner shows, a change is refused as read-only, and the preview is in Activity', async () => {
    const { page, context } = await signedIn(admin)
    await open(page, `/staff/people/${family.father}`)
    await page.getByRole('button', { name: 'Preview as this adult' }).click()
    await page.waitForURL(/\/family$/)
    await page.getByText('You are previewing the portal as Emeka Okoro: nothing can be changed.').waitFor()
    await page.getByRole('link', { name: 'Chidi Okoro' }).waitFor()
    await checkScreen(page, 'family-preview')

    await page.goto(`${siteUrl()}/family/details`)
    await page.getByLabel('New phone').fill('0499 000 111')
    await page.getByRole('button', { name: 'Send the request' }).click()
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    await expect(refusal.innerText()).resolves.toContain('nothing can be changed from it')
    expect(await page.getByRole('alert').count()).toBe(1)
    await page.mouse.move(0, 0)
    await checkScreen(page, 'family-preview-refused')

    await page.getByRole('button', { name: 'End preview' }).click()
    await page.waitForURL(new RegExp(`/staff/people/${family.father}$`))
    await open(page, '/staff/settings/activity')
    await page.getByRole('cell', { name: `The family portal previewed as person ${family.father}` }).waitFor()
    await context.close()
  })

  it('previews an adult of a child under a court order only with restricted access and a passkey proof, as the restricted record asks', async () => {
    const kept = await seedFamily(school.context, { family: 'Adeyemi', child: 'Tunde' })
    await recordCourtOrder(
      school.context, kept.child, { kind: 'parenting_order', validFrom: '2024-03-01', restrainedPersonId: kept.father, purposes: ['details'] }
    )
    // The office (portal.preview, not restricted.read) is refused for either parent alike, so the refusal names no one; the error shows on the record.
    const office = await signedIn((await staffSession(school, 'office')).cookie)
    for (const adult of [kept.mother, kept.father]) {
      await open(office.page, `/staff/people/${adult}`)
      await office.page.getByRole('button', { name: 'Preview as this adult' }).click()
      await office.page.getByText('The caller lacks the capability restricted.read.').waitFor()
      expect(office.page.url()).toMatch(new RegExp(`/staff/people/${adult}$`))
    }
    await office.context.close()

    // An administrator whose passkey proof is older than five minutes is asked for one; closing the prompt starts nothing.
    const stale = await signedIn((await staffSession(school, 'admin', { ago: 10 * 60_000 })).cookie)
    await open(stale.page, `/staff/people/${kept.father}`)
    await stale.page.getByRole('button', { name: 'Preview as this adult' }).click()
    const prompt = stale.page.getByRole('dialog', { name: 'Confirm it\'s you' })
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    await prompt.waitFor({ state: 'hidden' })
    expect(stale.page.url()).toMatch(new RegExp(`/staff/people/${kept.father}$`))
    await stale.context.close()

    // With a recent proof the preview opens, and the view of the child's restricted record is in Activity.
    const { page, context } = await signedIn((await staffSession(school, 'admin')).cookie)
    await open(page, `/staff/people/${kept.father}`)
    await page.getByRole('button', { name: 'Preview as this adult' }).click()
    await page.waitForURL(/\/family$/)
    await page.getByText('You are previewing the portal as Emeka Adeyemi: nothing can be changed.').waitFor()
    expect(await page.getByRole('link', { name: 'Tunde Adeyemi' }).count()).toBe(0)
    await page.getByRole('button', { name: 'End preview' }).click()
    await page.waitForURL(new RegExp(`/staff/people/${kept.father}$`))
    await open(page, '/staff/settings/activity')
    await page.getByRole('cell', { name: `Previewed the family portal as person ${kept.father}, which shows their standing on person ${kept.child}` }).waitFor()
    await context.close()
  })

  it('switches a section off in Settings: it leaves the family\'s menu and its page says it is off', async () => {
    const { page, context } = await signedIn(admin)
    await open(page, '/staff/settings/portal')
    const payers = page.getByRole('switch', { name: 'Who pays' })
    expect(await payers.getAttribute('aria-checked')).toBe('true')
    await payers.click()
    await page.getByText('Families no longer see it').first().waitFor()
    expect(await payers.getAttribute('aria-checked')).toBe('false')
    await page.reload()
    await page.getByRole('switch', { name: 'Who pays' }).waitFor()
    expect(await page.getByRole('switch', { name: 'Who pays' }).getAttribute('aria-checked')).toBe('false')
    await checkScreen(page, 'staff-settings-portal')
    await context.close()

    const other = await seedFamily(school.context, { family: 'Pham', child: 'An' })
    const parent = await signedIn((await familySession(school, other.mother)).cookie)
    await open(parent.page, '/family')
    const menu = parent.page.getByRole('navigation', { name: 'Family portal' })
    expect(await menu.getByRole('link').allTextContents())
      .toEqual(['Children', 'Our details', 'Applications and tours', 'Consents', 'Messages', 'Fees', 'Absences', 'Our data', 'Notifications', 'Passkeys'])
    await open(parent.page, '/family/payers')
    await expect(parent.page.getByRole('alert').innerText()).resolves.toContain('The school has switched this part of the family portal off.')
    await checkScreen(parent.page, 'family-section-off')
    await parent.context.close()
  })

  it('approves only the request it showed: one the family replaced meanwhile is refused, and the queue shows it anew', async () => {
    const other = await seedFamily(school.context, { family: 'Moana', child: 'Kiri' })
    const { cookie, email } = await familySession(school, other.mother)
    const ask = (body: Record<string, string>) => callApi('/api/app/portal/details/requests', { headers: { cookie, origin: siteUrl() }, body })
    expect((await ask({ phone: '0411 000 111' })).status).toBe(201)

    const { page, context } = await signedIn(admin)
    await open(page, '/staff/families/requests')
    const row = page.getByRole('row', { name: /Moana, Ngozi/ })
    await expect(row.innerText()).resolves.toContain('0411 000 111')
    // The family replaces the request while the office has it open.
    expect((await ask({ email: 'moana.new@example.org' })).status).toBe(201)
    await page.getByRole('button', { name: 'Approve the request of Moana, Ngozi' }).click()
    await page.getByText('The family changed this request since you read it').first().waitFor()
    await expect.poll(() => row.innerText(), { timeout: 5000 }).toContain('moana.new@example.org')
    const [unchanged] = await school.database.db.select().from(people).where(eq(people.id, other.mother))
    expect(unchanged).toMatchObject({ email, phone: null })
    // Read again, it is approved as shown.
    await page.getByRole('button', { name: 'Approve the request of Moana, Ngozi' }).click()
    await row.waitFor({ state: 'detached' })
    const [stored] = await school.database.db.select().from(people).where(eq(people.id, other.mother))
    expect(stored).toMatchObject({ email: 'moana.new@example.org', phone: null })
    await context.close()
  })

  it('rejects a request in the queue with a reason, which the family reads', async () => {
    const other = await seedFamily(school.context, { family: 'Lindqvist', child: 'Elsa' })
    const { cookie } = await familySession(school, other.father)
    const asked = await callApi('/api/app/portal/details/requests', { headers: { cookie, origin: siteUrl() }, body: { phone: '0411 222 333' } })
    expect(asked.status).toBe(201)

    const { page, context } = await signedIn(admin)
    await open(page, '/staff/families/requests')
    await page.getByRole('button', { name: 'Reject the request of Lindqvist, Emeka' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Reason for the family').fill('Please call the office to confirm the new number.')
    await checkScreen(page, 'staff-family-reject', ['[role=dialog]'], { phone: false })
    await dialog.getByRole('button', { name: 'Reject the request' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('row', { name: /Lindqvist, Emeka/ }).waitFor({ state: 'detached' })
    await context.close()

    const parent = await signedIn(cookie)
    await open(parent.page, '/family/details')
    await parent.page.getByText('Not approved').waitFor()
    await expect(parent.page.getByRole('list', { name: 'Your requests' }).innerText()).resolves.toContain('Please call the office to confirm the new number.')
    await parent.context.close()
  })
})
