import { beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { outboxMails } from '../../db/schema'
import { inviteFamilyMember } from '../../server/domain/portal/family-access'
import { addStaffAccount } from '../../server/domain/staff/accounts'
import { useBrowser } from '../support/browser'
import { seedFamily } from '../support/person-fixtures'
import { newSchool } from '../support/schools'
import { uniqueEmail } from '../support/staff-sessions'
import { checkScreen, pageWithAuthenticator, siteUrl } from '../support/staff-browser'

type School = Awaited<ReturnType<typeof newSchool>>

/** The six-digit code of the newest mail to an address, read from the development outbox's table. */
async function codeFromOutbox(school: School, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [mail] = await school.database.db.select({ text: outboxMails.text }).from(outboxMails)
      .where(and(eq(outboxMails.to, email))).orderBy(desc(outboxMails.createdAt)).limit(1)
    const code = mail && /code is (\d{6})/.exec(mail.text)?.[1]
    if (code) return code
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`No sign-in code to ${email} in the outbox`)
}

async function signInWithCode(page: Page, school: School, email: string) {
  await page.goto(`${siteUrl()}/sign-in`)
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await page.getByLabel('Sign-in code').fill(await codeFromOutbox(school, email))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Hydrated: the app mounted over the server's page. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => !!(document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
}

describe('the family portal', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Wattle Grove School' })
    family = await seedFamily(school.context, { family: 'Nguyen', child: 'Linh' })
  })

  it('a parent signs in with an emailed code, lands in the portal, adds a passkey and sees their children', async () => {
    const email = uniqueEmail('parent')
    await inviteFamilyMember(school.context, family.mother, { email })
    const { page, context, credentials } = await pageWithAuthenticator(await useBrowser())
    await signInWithCode(page, school, email)
    await page.waitForURL(/\/family$/)
    await hydrated(page)
    await page.getByRole('heading', { name: 'Hello, Ngozi' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Family portal' }).getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Our details', 'Who pays', 'Applications and tours', 'Our data'])
    )
    await checkScreen(page, 'family-home')

    await page.getByRole('link', { name: 'Add a passkey' }).click()
    await page.waitForURL(/\/family\/passkeys$/)
    await page.getByLabel('Name', { exact: true }).fill('My phone')
    await page.getByRole('button', { name: 'Register a passkey' }).click()
    await page.getByRole('textbox', { name: 'Name of passkey My phone' }).waitFor()
    expect(await credentials()).toHaveLength(1)

    await page.goto(`${siteUrl()}/family`)
    await page.getByRole('link', { name: 'Linh Nguyen' }).click()
    await page.waitForURL(new RegExp(`/family/children/${family.child}$`))
    await context.close()
  })

  it('a member of staff who is also a parent chooses where to go; the staff screens send a family-only account to the portal', async () => {
    const email = uniqueEmail('teacher-parent')
    await addStaffAccount(school.context, { email, role: 'teacher' })
    await inviteFamilyMember(school.context, family.father, { email })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    await signInWithCode(page, school, email)
    await page.waitForURL(/\/sign-in\/choose$/)
    await checkScreen(page, 'sign-in-choose')
    await page.getByRole('link', { name: 'Family portal' }).click()
    await page.waitForURL(/\/family$/)
    await page.getByRole('heading', { name: 'Hello, Emeka' }).waitFor()
    await context.close()

    const parentOnly = uniqueEmail('parent-only')
    const other = await seedFamily(school.context, { family: 'Tran', child: 'Bao' })
    await inviteFamilyMember(school.context, other.mother, { email: parentOnly })
    const second = await pageWithAuthenticator(await useBrowser())
    await signInWithCode(second.page, school, parentOnly)
    await second.page.waitForURL(/\/family$/)
    await second.page.goto(`${siteUrl()}/staff/people`)
    await second.page.waitForURL(/\/family$/)
    await second.context.close()
  })
})
