import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { applications } from '../../db/schema'
import { submitApplication } from '../../server/domain/admissions/submit-application'
import { recordEnquiry } from '../../server/domain/enquiries/record-enquiry'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import { callApi } from '../support/api'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { applicationBody } from '../support/admissions-fixtures'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { staffSession } from '../support/staff-sessions'

type Demo = Awaited<ReturnType<typeof demoSchool>>

/** A signed-in member of the office on the demo school, on the applications board at 1280 px (every column shown). */
async function officeOnBoard(demo: Demo) {
  const { cookie } = await staffSession(demo as unknown as Parameters<typeof staffSession>[0], 'office')
  const context = await (await useBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  const page = await context.newPage()
  // A locator that never appears fails on its own words, well before the test's time runs out.
  page.setDefaultTimeout(20_000)
  await page.goto(`${siteUrl()}/staff/admissions`)
  await page.waitForLoadState('networkidle')
  return { context, page }
}

/** An application with a child no other test sends (so no possible match stops it), and the child's name as the board shows it. */
async function sendApplication(demo: Demo, givenNames: string) {
  const familyName = `Board${Date.now()}${Math.floor(Math.random() * 1000)}`
  const sent = await submitApplication(demo.context, applicationBody({ student: { familyName, givenNames, dateOfBirth: '2019-03-04' } }))
  return { ...sent, child: `${givenNames} ${familyName}` }
}

const card = (page: Page, state: string, child: string) => page.getByRole('region', { name: new RegExp(`^${state}`) })
  .getByRole('article', { name: `Application of ${child}` })

/** Opens the step dialog of an application, picks the step (unless the one offered first is meant), fills it and submits. */
async function takeStep(page: Page, state: string, child: string, step: string | null, submit: string, fill?: () => Promise<void>) {
  await card(page, state, child).getByRole('button', { name: 'Take a step' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  if (step) {
    await dialog.getByRole('combobox', { name: 'Step' }).click()
    await page.getByRole('option', { name: step, exact: true }).click()
  }
  await fill?.()
  await dialog.getByRole('button', { name: submit }).click()
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('the admissions screens', () => {
  it('moves an application from submitted to started, explaining a step out of order, and the child is on the roll over /api/v1', async () => {
    const demo = await demoSchool()
    const sent = await sendApplication(demo, 'Kahu')
    const { context, page } = await officeOnBoard(demo)
    await card(page, 'Submitted', sent.child).waitFor()
    await checkScreen(page, 'admissions-board')

    // Out of order: the server's reason, naming the missing step, on the error line.
    await takeStep(page, 'Submitted', sent.child, 'Start on the roll', 'Start on the roll')
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Missing step: the office\'s offer' }).waitFor()
    await page.keyboard.press('Escape')

    await takeStep(page, 'Submitted', sent.child, null, 'Offer the place')
    await card(page, 'Offered', sent.child).waitFor()
    await takeStep(page, 'Offered', sent.child, null, 'Record acceptance')
    await card(page, 'Accepted', sent.child).waitFor()
    await takeStep(page, 'Accepted', sent.child, null, 'Start on the roll', async () => {
      await choose(page, 'Year level', '2')
      await choose(page, 'Campus', 'Main')
      await page.getByRole('dialog').getByLabel('Load (share of full time)').fill('0.5')
    })
    const started = card(page, 'Started', sent.child)
    await started.waitFor()
    expect(await started.innerText()).toMatch(/Started [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    expect(await started.innerText()).toContain('load 0.5')
    await context.close()

    const token = (await issueToken(demo.context, { purpose: 'board test', scopes: ['affiliation.read'] })).token
    let cursor: string | null = null
    let found: { personId: string, kind: string, validTo: string | null } | undefined
    do {
      const page: { body: { items: { personId: string, kind: string, validTo: string | null }[], nextCursor: string | null } } = await callApi(
        `/api/v1/affiliations?state=open&kind=student&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token }
      )
      found = page.body.items.find(item => item.personId === sent.studentId)
      cursor = page.body.nextCursor
    } while (!found && cursor)
    expect(found).toMatchObject({ personId: sent.studentId, kind: 'student', validTo: null })
    // The year level and load chosen on the screen are the application's and the span's own.
    const [placed] = await demo.database.db.select({ yearLevel: applications.yearLevel, load: applications.loadBasisPoints }).from(applications)
      .where(eq(applications.id, sent.id))
    expect(placed).toEqual({ yearLevel: '2', load: 5000 })
  })

  it('withdraws an application with a reason from the school\'s list', async () => {
    const demo = await demoSchool()
    const sent = await sendApplication(demo, 'Wiremu')
    const { context, page } = await officeOnBoard(demo)
    await card(page, 'Submitted', sent.child).waitFor()
    await takeStep(page, 'Submitted', sent.child, 'Withdraw', 'Withdraw', () => choose(page, 'Reason', 'relocation'))
    const withdrawn = card(page, 'Withdrawn', sent.child)
    await withdrawn.waitFor()
    expect(await withdrawn.innerText()).toContain('(relocation)')
    expect(await withdrawn.innerText()).toMatch(/by office-[0-9a-f]+@example\.org/)
    await context.close()
  })

  it('shows possible duplicates side by side and links the application\'s child to the one on file', async () => {
    const demo = await demoSchool()
    const first = await sendApplication(demo, 'Aroha')
    const familyName = first.child.split(' ')[1]!
    const second = await submitApplication(
      demo.context, applicationBody({ student: { familyName, givenNames: 'Aroha Jane', dateOfBirth: '2019-03-04', new: true } })
    )
    const { context, page } = await officeOnBoard(demo)
    const twin = card(page, 'Submitted', `Aroha Jane ${familyName}`)
    await twin.waitFor()
    await twin.getByRole('button', { name: 'Duplicates' }).click()
    const dialog = page.getByRole('dialog')
    const link = dialog.getByRole('button', { name: `Link to this person: ${first.child}, born Mar 4, 2019` })
    await link.waitFor()
    expect(await dialog.textContent()).toContain('On this record')
    await checkScreen(page, 'admissions-duplicates', ['[role="dialog"]'])
    await link.click()
    await dialog.getByText('No possible duplicates').waitFor()
    const [linked] = await demo.database.db.select({ studentId: applications.studentId }).from(applications).where(eq(applications.id, second.id))
    expect(linked!.studentId).toBe(first.studentId)
    await context.close()
  })

  it('lists enquiries with how they heard, searched on the server', async () => {
    const demo = await demoSchool()
    const familyName = `Enquiry${Date.now()}`
    await recordEnquiry(demo.context, {
      student: { familyName, givenNames: 'Zoë' },
      enquirer: { familyName, givenNames: 'Ana', email: `${familyName}@example.org`, relationship: 'mother' }, channel: 'referral'
    })
    const { context, page } = await officeOnBoard(demo)
    await page.getByRole('link', { name: 'Enquiries' }).first().click()
    await page.waitForURL(/\/staff\/admissions\/enquiries$/)
    await page.getByRole('searchbox', { name: 'Search enquiries by name, email or phone' }).fill(familyName.toLowerCase())
    const row = page.getByRole('row').filter({ hasText: `Zoë ${familyName}` })
    await row.waitFor()
    expect(await row.innerText()).toContain('referral')
    await checkScreen(page, 'admissions-enquiries')
    await context.close()
  })
})
