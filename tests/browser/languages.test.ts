import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it, onTestFailed } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import en from '../../i18n/locales/en.json'
import es from '../../i18n/locales/es.json'
import ar from '../../i18n/locales/ar.json'
import zhHans from '../../i18n/locales/zh-Hans.json'
import { problem as arProblem } from '../../i18n/problems/ar.json'
import { problem as esProblem } from '../../i18n/problems/es.json'
import { shippedLanguages } from '../../shared/languages'
import { useBrowser, waitForApp } from '../support/browser'
import { familySession } from '../support/family-sessions'
import { seedFamily } from '../support/person-fixtures'
import { newSchool } from '../support/schools'
import { updateSchoolSettings } from '../../server/domain/schools/school-settings'
import { setPortalSectionsOff } from '../../server/domain/schools/portal-sections'
import { eq } from 'drizzle-orm'
import { people } from '../../db/schema'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { staffSession } from '../support/staff-sessions'
import staffEnglish from '../../i18n/staff/en.json'
import staffSpanish from '../../i18n/staff/es.json'

const messages = { en, es, ar, 'zh-Hans': zhHans } as const
/** A message key shown as it is, where its words should be: a namespace of the files, a dot, more of a key. */
const rawKey = new RegExp(`\\b(?:${[...Object.keys(en), 'staff', 'problem'].join('|')})\\.[A-Za-z][\\w.]*\\b`)
const screens = resolve(import.meta.dirname, '../../.data/screens')

/**
 * The text a reader sees as the page's own words: not code (a scope's name, `staff.import`, is an identifier) nor a
 * part marked as another language (the API reference's English document).
 */
function ownText(page: Page) {
  return page.evaluate(() => {
    // Hidden for the moment of reading (innerText leaves out what is not displayed), then shown again as they were.
    const foreign = [...document.body.querySelectorAll<HTMLElement>('code, [lang]')]
      .filter(element => element.tagName === 'CODE' || element.lang !== document.documentElement.lang)
    const displays = foreign.map(element => element.style.display)
    for (const element of foreign) element.style.display = 'none'
    const text = document.body.innerText
    foreign.forEach((element, index) => element.style.display = displays[index]!)
    return text
  })
}

/** The page's `lang` and `dir`, its first heading, and any message key in its own words. */
async function read(page: Page) {
  await waitForApp(page)
  const text = await ownText(page)
  return {
    ...await page.evaluate(() => ({
      lang: document.documentElement.lang, dir: document.documentElement.dir, heading: document.querySelector('h1')?.textContent?.trim()
    })),
    rawKey: rawKey.exec(text)?.[0] ?? null
  }
}

type Messages = { [key: string]: string | Messages }
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  return new Map(Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as const] : [...flatten(value, `${prefix}${key}.`)]))
}
/**
 * English words a page shows where its own language's (`own`) should be: each English message of two words or more
 * with no placeholder or plural whose translation differs, found in the page's text (a part left untranslated, such as
 * a shared component's button).
 */
async function englishLeft(page: Page, ownMessages: object, englishMessages: object = en): Promise<string[]> {
  const own = flatten(ownMessages as Messages)
  const english = [...flatten(englishMessages as Messages)]
    .filter(([key, value]) => !value.includes('{') && !value.includes('|') && /\S\s+\S/.test(value) && own.get(key) !== value)
  const text = await ownText(page)
  return english.filter(([, value]) => text.includes(value)).map(([key, value]) => `${key}: ${value}`)
}

/*
 * Sign-in and the portal in each shipped language (issue 37): the language the browser asks for is the page's, with
 * `lang` and `dir` on <html>, no key shown raw, no sideways scroll at 390 px and nothing axe finds grave. One browser
 * and one context per language; the Arabic pages are photographed at 390 px into .data/screens/ to be looked at.
 */
describe('the screens in each shipped language', () => {
  it('shows sign-in, the portal\'s first page and its not-found page in the browser\'s language', async () => {
    const school = await newSchool({ name: 'Languages School' })
    await updateSchoolSettings(school.context, { languages: shippedLanguages.map(language => language.code) })
    const family = await seedFamily(school.context, { family: 'Haddad', child: 'Layla' })
    const { cookie } = await familySession(school, family.mother)
    const browser = await useBrowser()
    mkdirSync(screens, { recursive: true })
    // The languages side by side, each in a context of its own: the scans wait on the browser, and two cores share them.
    await Promise.all(shippedLanguages.map(async (language) => {
      const words = messages[language.code]
      const context: BrowserContext = await browser.newContext({ locale: language.code, viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      onTestFailed(async () => {
        await page.screenshot({ path: resolve(screens, `failed-${language.code}.png`), fullPage: true }).catch(() => {})
      })

      await page.goto(`${siteUrl()}/sign-in`)
      expect(await read(page)).toEqual({ lang: language.code, dir: language.dir, heading: words.signIn.heading, rawKey: null })
      const menu = page.getByRole('combobox', { name: words.language.menu })
      expect(await menu.inputValue()).toBe(language.code)
      expect(await menu.locator('option').evaluateAll(options => options.map(option => option.getAttribute('lang'))))
        .toEqual(shippedLanguages.map(shipped => shipped.code))
      if (language.code === 'ar') {
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: resolve(screens, 'sign-in-ar-390.png'), fullPage: true })
      }
      await checkScreen(page, `sign-in-${language.code}`)

      await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
      await page.goto(`${siteUrl()}/family`)
      await page.getByRole('heading', { level: 1, name: words.portal.home.hello.replace('{name}', 'Ngozi') }).waitFor()
      expect(await read(page)).toMatchObject({ lang: language.code, dir: language.dir, rawKey: null })
      expect(await page.getByRole('navigation', { name: words.portal.layout.portal }).getByRole('link').first().textContent())
        .toContain(words.portal.nav.children)
      if (language.code === 'ar') {
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: resolve(screens, 'family-ar-390.png'), fullPage: true })
      }
      await checkScreen(page, `family-${language.code}`)

      // A missing portal page: the portal's own, in the reader's language, leading back to the portal's home.
      await page.goto(`${siteUrl()}/family/no-such-page`)
      await page.getByRole('heading', { level: 1, name: words.errors.notFound.heading }).waitFor()
      expect(await read(page)).toMatchObject({ lang: language.code, dir: language.dir, rawKey: null })
      expect(await page.getByRole('link', { name: words.errors.toPortal }).getAttribute('href')).toBe('/family')
      // Scanned in Arabic alone: the same component as the pages above, and its mirrored layout is what could break.
      if (language.dir === 'rtl') await checkScreen(page, `family-missing-${language.code}`)
      await context.close()
    }))
    // Four languages, each three pages and two or three scans: 100 s one language after another with the machine's load
    // average at 12, hence side by side.
  }, 300_000)

  it('switches the language from the menu without a reload, keeps it in a cookie, and leaves the staff screens English', async () => {
    const context = await (await useBrowser()).newContext({ locale: 'en' })
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/sign-in`)
    await read(page)
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar')
    await page.getByRole('heading', { level: 1, name: ar.signIn.heading }).waitFor()
    expect(await read(page)).toMatchObject({ lang: 'ar', dir: 'rtl', rawKey: null })
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect((await context.cookies()).find(cookie => cookie.name === 'rollbook_language')?.value).toBe('ar')

    // A missing address outside the portal: the sign-in side's page, in Arabic, leading to sign-in.
    await page.goto(`${siteUrl()}/no-such-page`)
    await page.getByRole('heading', { level: 1, name: ar.errors.notFound.heading }).waitFor()
    expect(await page.getByRole('link', { name: ar.errors.toSignIn }).getAttribute('href')).toBe('/sign-in')
    // The front page in the reader's language, and the API reference's own words: the document it shows is the
    // interface's, English, and says so (lang="en" on its parts, WCAG 3.1.2).
    await page.goto(siteUrl())
    expect(await read(page)).toEqual({ lang: 'ar', dir: 'rtl', heading: ar.home.pageTitle, rawKey: null })
    expect(await englishLeft(page, ar)).toEqual([])
    await checkScreen(page, 'home-ar')
    await page.getByRole('link', { name: ar.home.referenceLink }).click()
    await page.getByRole('heading', { level: 1, name: ar.reference.heading }).waitFor()
    expect(await read(page)).toMatchObject({ lang: 'ar', dir: 'rtl', rawKey: null })
    expect(await englishLeft(page, ar)).toEqual([])
    await page.getByRole('columnheader', { name: ar.reference.meaning }).first().waitFor()
    const summary = page.locator('article h3').first()
    expect(await summary.getAttribute('lang')).toBe('en')

    // Signed in, the menu offers the school's languages and keeps the adult's choice on their record, for the school's
    // mail and their other devices; the school here offers English and Spanish, so the Arabic cookie gives way to English.
    const school = await newSchool({ name: 'Chosen Languages School' })
    await updateSchoolSettings(school.context, { languages: ['es'] })
    const family = await seedFamily(school.context, { family: 'Moreno', child: 'Lucía' })
    const { cookie } = await familySession(school, family.mother)
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    await page.goto(`${siteUrl()}/family`)
    const menu = page.getByRole('combobox', { name: en.language.menu })
    await menu.waitFor()
    expect(await read(page)).toMatchObject({ lang: 'en', dir: 'ltr', rawKey: null })
    expect(await menu.locator('option').evaluateAll(options => options.map(option => option.getAttribute('lang')))).toEqual(['en', 'es'])
    await menu.selectOption('es')
    await page.getByRole('combobox', { name: es.language.menu }).waitFor()
    expect(await read(page)).toMatchObject({ lang: 'es', rawKey: null })
    const [record] = await school.database.db.select({ preferredLanguage: people.preferredLanguage }).from(people).where(eq(people.id, family.mother))
    expect(record?.preferredLanguage).toBe('es')
    await context.close()
  })

  // The server answers in English (the interface's language); a family reading Arabic or Spanish reads its refusals in
  // their own, in the form beside the field (checked in the browser) and on the problem line (said by the server).
  it('words the server\'s refusals and the forms\' problems in the reader\'s language', async () => {
    const context = await (await useBrowser()).newContext({ locale: 'ar' })
    const page = await context.newPage()
    await page.goto(`${siteUrl()}/sign-in`)
    await read(page)
    const email = page.getByRole('textbox', { name: ar.signIn.email })
    await email.fill('not an address')
    await page.getByRole('button', { name: ar.signIn.emailMeACode }).click()
    await page.getByText(arProblem.sentence.emailAddress).waitFor()
    await email.fill('nobody-here@example.test')
    await page.getByRole('button', { name: ar.signIn.emailMeACode }).click()
    await page.getByRole('textbox', { name: ar.signIn.code }).fill('123456')
    await page.getByRole('button', { name: ar.signIn.signIn, exact: true }).click()
    await page.getByRole('alert').getByText(arProblem.sentence.codeNotValid).waitFor()
    expect(await read(page)).toMatchObject({ lang: 'ar', rawKey: null })
    await context.close()

    const school = await newSchool({ name: 'Refusals School' })
    await updateSchoolSettings(school.context, { languages: ['es'] })
    const family = await seedFamily(school.context, { family: 'Moreno', child: 'Pablo' })
    const { cookie } = await familySession(school, family.mother)
    const spanish = await (await useBrowser()).newContext({ locale: 'es' })
    await spanish.addCookies([
      { name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }, { name: 'rollbook_language', value: 'es', url: siteUrl() }
    ])
    const portal = await spanish.newPage()
    await portal.goto(`${siteUrl()}/family/details`)
    const send = portal.getByRole('button', { name: es.portal.details.send })
    await send.waitFor()
    await read(portal)
    await send.click()
    expect(await portal.getByText(esProblem.sentence.oneDetail).count()).toBeGreaterThan(0)
    // The school switches the section off while the page is open: the server's refusal, in Spanish.
    await setPortalSectionsOff(school.context, ['details'])
    await portal.getByLabel(es.portal.details.new.phone).fill('0499 000 111')
    await send.click()
    await portal.getByRole('alert').getByText(esProblem.sentence.sectionOff).waitFor()
    expect(await read(portal)).toMatchObject({ lang: 'es', rawKey: null })
    await spanish.close()
  })

  // Every portal page, not only the first: the shared parts (the pager, the error line, the passkeys) speak the reader's
  // language too. At a phone's width, where a longer translation breaks a layout first; the Arabic pages, mirrored, scanned.
  it('shows every portal page in each language at 390 px: no key raw, no English left, no sideways scroll', async () => {
    const school = await newSchool({ name: 'Every Page School' })
    await updateSchoolSettings(school.context, { languages: shippedLanguages.map(language => language.code) })
    const family = await seedFamily(school.context, { family: 'Haddad', child: 'Yusuf' })
    // A program reading people: Our data lists it with what its scopes reach, which the page words itself.
    await school.token(['person.read', 'starter.read'])
    const { cookie } = await familySession(school, family.mother)
    const browser = await useBrowser()
    const pages = [
      '/family', `/family/children/${family.child}`, '/family/details', '/family/payers', '/family/applications', '/family/fees',
      '/family/consents', '/family/messages', '/family/absences', '/family/data-check', '/family/data', '/family/notifications', '/family/passkeys'
    ]
    const problems = (await Promise.all(shippedLanguages.filter(language => language.code !== 'en').map(async (language) => {
      const found: string[] = []
      const context = await browser.newContext({ locale: language.code, viewport: { width: 390, height: 844 } })
      await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
      const page = await context.newPage()
      for (const path of pages) {
        await page.goto(siteUrl() + path)
        await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        const seen = await read(page)
        if (seen.lang !== language.code || seen.dir !== language.dir) found.push(`${language.code} ${path}: lang ${seen.lang}, dir ${seen.dir}`)
        if (seen.rawKey) found.push(`${language.code} ${path}: the key ${seen.rawKey} shown raw`)
        found.push(...(await englishLeft(page, messages[language.code])).map(left => `${language.code} ${path}: English left, ${left}`))
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        if (overflow > 0) found.push(`${language.code} ${path}: scrolls sideways by ${overflow} px`)
        if (language.dir === 'rtl') {
          // At 390 and 1280 px; back to the phone's width for the next page.
          await checkScreen(page, `${path.slice(1).replace(family.child, 'child').replaceAll('/', '-')}-${language.code}`)
          await page.setViewportSize({ width: 390, height: 844 })
        }
      }
      await context.close()
      return found
    }))).flat()
    expect(problems).toEqual([])
  }, 300_000)

  // The staff screens in Spanish (issue 37 point 2): every staff page an administrator opens, in the reader's language,
  // its own words and the staff files' alike; Arabic and Chinese readers keep English, whose staff screens are not written.
  it('shows every staff screen in Spanish to a reader who chose it, and in English to one who chose Arabic', async () => {
    const school = await newSchool({ name: 'Escuela Staff' })
    const family = await seedFamily(school.context, { family: 'Moreno', child: 'Lucía' })
    const { cookie } = await staffSession(school, 'admin')
    const browser = await useBrowser()
    const pages = [
      '/staff', '/staff/people', `/staff/people/${family.child}`, '/staff/tours', '/staff/admissions', '/staff/starters', '/staff/classes',
      '/staff/fees', '/staff/consents', '/staff/messages', '/staff/families/requests', '/staff/data-checks', '/staff/absences',
      '/staff/account/passkeys', '/staff/settings',
      // Not Roles: each capability's name (`staff.manage`) and description are the server's, English (docs/translating.md).
      '/staff/settings/school', '/staff/settings/modules', '/staff/settings/portal', '/staff/settings/staff',
      '/staff/settings/tokens', '/staff/settings/webhooks', '/staff/settings/exports', '/staff/settings/rostering', '/staff/settings/hris',
      '/staff/settings/sync', '/staff/settings/notifications', '/staff/settings/absences', '/staff/settings/activity', '/staff/settings/retention'
    ]
    const session = (context: BrowserContext, language: string) => context.addCookies([
      { name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }, { name: 'rollbook_language', value: language, url: siteUrl() }
    ])
    const context = await browser.newContext({ locale: 'es', viewport: { width: 1280, height: 800 } })
    await session(context, 'es')
    const page = await context.newPage()
    const found: string[] = []
    for (const path of pages) {
      await page.goto(siteUrl() + path)
      await page.locator('main h1, h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      const seen = await read(page)
      if (seen.lang !== 'es') found.push(`${path}: lang ${seen.lang}`)
      if (seen.rawKey) found.push(`${path}: the key ${seen.rawKey} shown raw`)
      found.push(...(await englishLeft(page, { ...es, ...staffSpanish }, { ...en, ...staffEnglish })).map(left => `${path}: English left, ${left}`))
    }
    await checkScreen(page, 'staff-settings-activity-es')
    await page.goto(`${siteUrl()}/staff/people`)
    await page.locator('h1').first().waitFor()
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'staff-people-es')
    await context.close()
    expect(found).toEqual([])

    const arabic = await browser.newContext({ locale: 'ar' })
    await session(arabic, 'ar')
    const arabicPage = await arabic.newPage()
    await arabicPage.goto(`${siteUrl()}/staff/people`)
    await arabicPage.locator('h1').first().waitFor()
    expect(await read(arabicPage)).toMatchObject({ lang: 'en', dir: 'ltr', rawKey: null })
    await arabic.close()
  }, 300_000)
})
