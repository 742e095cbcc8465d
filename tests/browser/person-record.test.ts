import { describe, expect, it } from 'vitest'
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { affiliations, billingResponsibilities, parentalResponsibilities, people } from '../../db/schema'
import { listActivity } from '../../server/domain/activity/list-activity'
import { recordCourtOrder } from '../../server/domain/restricted/court-orders'
import { submitApplication } from '../../server/domain/admissions/submit-application'
import { decideDuplicate } from '../../server/domain/admissions/possible-duplicates'
import { insertPerson } from '../../server/domain/people/person-record'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { updateSchoolSettings } from '../../server/domain/schools/school-settings'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { newSchool } from '../support/schools'
import { seedFamily } from '../support/person-fixtures'
import { applicationBody } from '../support/admissions-fixtures'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'

type AnySchool = Parameters<typeof staffSession>[0]

/** A signed-in page for a member of staff of the role, by their session's cookie (no passkey: nothing here asks for one). */
async function signedInPage(browser: Browser, school: AnySchool, role: Parameters<typeof staffSession>[1], colorScheme: 'light' | 'dark' = 'light') {
  const { cookie, member } = await staffSession(school, role)
  const context = await browser.newContext({ colorScheme })
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  return { page: await context.newPage(), context, member }
}

describe('a person\'s record (/staff/people/<id>)', () => {
  it('reads a demo student\'s timeline, corrects their name and shows its history, and sets a billing split the server first refuses beside '
    + 'the shares', async () => {
    const demo = await demoSchool()
    const { db } = demo.database
    // A student on the roll with a carer on file, the last by id whose carers' names differ (the demo's names are
    // drawn at random, and two parents of one name get fields told apart by relationship): no other test picks people this way.
    const candidates = await db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
      .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), isNull(affiliations.validTo)))
      .innerJoin(parentalResponsibilities, and(eq(parentalResponsibilities.childId, people.id), isNull(parentalResponsibilities.validTo)))
      .where(eq(people.schoolId, demo.id)).orderBy(desc(people.id)).limit(40)
    const carersOf = (childId: string) => db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames })
      .from(parentalResponsibilities)
      .innerJoin(people, eq(people.id, parentalResponsibilities.adultId))
      .where(and(eq(parentalResponsibilities.childId, childId), isNull(parentalResponsibilities.validTo))).orderBy(asc(people.id))
    let student: typeof candidates[number] | undefined
    let carer: Awaited<ReturnType<typeof carersOf>>[number] | undefined
    for (const candidate of candidates) {
      const carers = await carersOf(candidate.id)
      if (new Set(carers.map(one => `${one.familyName}, ${one.givenNames}`)).size < carers.length) continue
      student = candidate
      carer = carers[0]
      break
    }
    const { page, context } = await signedInPage(await useBrowser(), demo as unknown as AnySchool, 'office')

    await page.goto(`${siteUrl()}/staff/people/${student!.id}`)
    const timeline = page.getByRole('list', { name: 'Timeline' })
    await timeline.getByText('student').first().waitFor()
    expect(await timeline.textContent()).toMatch(/from \d{4}-\d{2}-\d{2}, open/)
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'person-record')

    await page.getByRole('button', { name: 'Correct the name' }).click()
    await page.getByLabel('Given names').fill(`${student!.givenNames} Test`)
    await page.getByRole('button', { name: 'Save the name' }).click()
    const history = page.getByRole('list', { name: 'Name history' })
    await history.getByText(`${student!.familyName}, ${student!.givenNames}`, { exact: true }).waitFor()
    await page.getByText(`${student!.givenNames} Test`, { exact: true }).first().waitFor()

    const tuitionRows = () => db.select({
      id: billingResponsibilities.id, payerId: billingResponsibilities.payerId, share: billingResponsibilities.share,
      validFrom: billingResponsibilities.validFrom, validTo: billingResponsibilities.validTo
    })
      .from(billingResponsibilities)
      .where(and(eq(billingResponsibilities.studentId, student!.id), eq(billingResponsibilities.category, 'tuition'))).orderBy(asc(billingResponsibilities.id))
    const before = await tuitionRows()
    await page.getByRole('button', { name: 'Set who pays' }).click()
    await page.getByLabel('Charge category').fill('tuition')
    await page.getByLabel('From', { exact: true }).fill('2026-02-02')
    for (const input of await page.getByLabel(/^Share of /).all()) await input.fill('0')
    await page.getByLabel(`Share of ${carer!.familyName}, ${carer!.givenNames}`).fill('6000')
    await page.getByText('6,000 of 10,000').waitFor()
    await page.getByRole('button', { name: 'Set the split' }).click()
    await page.getByText('The open shares of category "tuition" would total 6000; they must total 10000.').waitFor()
    expect(await tuitionRows()).toEqual(before)

    await page.getByLabel(`Share of ${carer!.familyName}, ${carer!.givenNames}`).fill('10000')
    await page.getByText('10,000 of 10,000').waitFor()
    await page.getByRole('button', { name: 'Set the split' }).click()
    await page.getByRole('heading', { name: 'Category tuition' }).waitFor()
    expect((await tuitionRows()).filter(row => row.validTo === null)).toMatchObject([{ payerId: carer!.id, share: 10_000, validFrom: '2026-02-02' }])
    await context.close()
  }, 240_000)

  it('shows an office role no restricted record; an administrator sees it after a passkey step-up, and Activity records the view and the '
    + 'flag they set', async () => {
    const school = await newSchool({ name: 'Restricted Screens' })
    const family = await seedFamily(school.context)
    await recordCourtOrder(school.context, family.child, {
      kind: 'parenting_order', validFrom: '2024-03-01', restrainedPersonId: family.father, purposes: ['collection', 'details'],
      summary: 'No collection from school.'
    })
    // An application naming the child again, kept apart from them: the child's merge history.
    const application = await submitApplication(
      school.context, applicationBody({ student: { familyName: 'Okafor', givenNames: 'Adaeze', dateOfBirth: '2015-04-02', new: true } })
    )
    await decideDuplicate(school.context, { type: 'applications', id: application.id }, { path: 'student', decision: 'new' })
    const browser = await useBrowser()

    const office = await signedInPage(browser, school, 'office')
    await office.page.goto(`${siteUrl()}/staff/people/${family.child}`)
    await office.page.getByRole('list', { name: 'Timeline' }).waitFor()
    expect(await office.page.getByText('Restricted record', { exact: true }).count()).toBe(0)
    expect(await office.page.getByText('No collection from school.').count()).toBe(0)
    await office.context.close()

    const { page, context } = await pageWithAuthenticator(browser)
    const newcomer = await newcomerLink(school)
    await registerFirstPasskey(page, newcomer.url)
    await page.goto(`${siteUrl()}/staff/people/${family.child}`)
    await page.getByRole('button', { name: 'Show the restricted record' }).click()
    await page.getByRole('dialog', { name: 'Confirm it\'s you' }).getByRole('button', { name: 'Confirm with passkey' }).click()
    const orders = page.getByRole('list', { name: 'Court orders' })
    await orders.getByText('No collection from school.').waitFor()
    expect(await orders.textContent()).toContain('Limits: Okafor, Emeka')

    const entries = async () => (await listActivity(school.context, { limit: 50 })).items.filter(entry => entry.actor === `staff:${newcomer.member.id}`)
    expect((await entries()).map(entry => [entry.kind, entry.subjectId])).toEqual([['restricted.viewed', family.child]])

    await page.getByRole('button', { name: 'Set a protection flag' }).click()
    await page.getByLabel('From', { exact: true }).fill('2025-01-01')
    await page.getByRole('button', { name: 'Set the flag' }).click()
    await page.getByRole('list', { name: 'Protection flags' }).getByText('child protection').waitFor()

    // A court order names the adult and what it keeps them from.
    await page.getByRole('button', { name: 'Record a court order' }).click()
    await page.getByRole('combobox', { name: 'Adult it limits' }).click()
    await page.getByRole('option', { name: 'Okafor, Emeka' }).click()
    await page.getByRole('checkbox', { name: 'Contact', exact: true }).click()
    await page.getByLabel('From', { exact: true }).fill('2025-02-01')
    await page.getByRole('button', { name: 'Record the order' }).click()
    await orders.getByText('From: contact', { exact: true }).waitFor()
    expect(await orders.textContent()).toContain('From: details, collection')
    await page.getByRole('list', { name: 'Merge history' }).getByText('Told apart from Okafor, Adaeze').waitFor()

    // Who can see the child in the family portal today, and why: the flag just set keeps the child from both parents.
    await page.getByRole('button', { name: 'Show standing' }).click()
    const standing = page.getByRole('list', { name: /^Who can see this child on \d{4}-\d{2}-\d{2}$/ })
    const father = standing.getByRole('list', { name: 'Why, for Okafor, Emeka' })
    await father.getByText('court order 2025-02-01 limits contact with no end').waitFor()
    expect(await father.textContent()).toContain('court order 2024-03-01 limits details with no end')
    expect(await standing.getByText('protection flag since 2025-01-01 withholds the child from every adult it does not name').count()).toBe(2)
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'person-restricted')
    // Each change shows the record read again, and each read is recorded.
    expect((await entries()).map(entry => entry.kind).sort())
      .toEqual(['restricted.changed', 'restricted.changed', 'restricted.viewed', 'restricted.viewed', 'restricted.viewed', 'restricted.viewed'])
    await context.close()
  }, 240_000)

  it('shows names the SIS keeps as kept there (in the dark), and refuses their edit with the held_elsewhere message', async () => {
    const school = await newSchool({ name: 'Held Elsewhere' })
    await updateSchoolSettings(school.context, { heldElsewhere: ['names'] })
    const family = await seedFamily(school.context)
    const { page, context } = await signedInPage(await useBrowser(), school, 'office', 'dark')
    await page.goto(`${siteUrl()}/staff/people/${family.child}`)
    await page.getByText('Kept in the student information system').first().waitFor()
    await page.waitForLoadState('networkidle')
    await checkScreen(page, 'person-record-dark')
    await page.getByRole('button', { name: 'Correct the name' }).click()
    await page.getByLabel('Given names').fill('Renamed')
    await page.getByRole('button', { name: 'Save the name' }).click()
    await page.getByRole('alert')
      .getByText('The school keeps names in its student information system; change them there and the next sync brings them here.').waitFor()
    const [person] = await school.database.db.select({ givenNames: people.givenNames }).from(people).where(eq(people.id, family.child))
    expect(person!.givenNames).toBe('Adaeze')

    // A carer is chosen by name, typed without its accent, never by an id.
    await writeChanges(
      school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Whāanga', givenNames: 'Hēmi', dateOfBirth: '1984-09-30' })
    )
    await page.getByRole('button', { name: 'Add parental responsibility' }).click()
    await page.getByRole('combobox', { name: 'The adult' }).fill('whaanga')
    await page.getByRole('option', { name: /Whāanga, Hēmi/ }).click()
    await page.getByLabel('From', { exact: true }).fill('2025-01-06')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('list', { name: 'Carers' }).getByRole('link', { name: 'Whāanga, Hēmi' }).waitFor()
    await context.close()
  }, 240_000)
})
