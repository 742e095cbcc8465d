import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { affiliations, people } from '../../db/schema'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { siteUrl } from '../support/staff-browser'
import { walkScreen } from '../support/keyboard-walk'

// Every office screen in the dark theme, walked with Tab alone (tests/support/keyboard-walk.ts says what is
// checked); the settings screens are walked by keyboard-settings.test.ts, beside this file. Each screen's own
// file scans it in light with every rule, in its states. One test per screen (issue 45): the twelve screens
// in one test took over its budget on a loaded machine, and a screen's walk is a few seconds on a quiet one.
// `:student` is the record walked: one student every run, with two parents, who pay and have family access
// (the demo's Bennetts), so the record is the same whatever ids a run makes.
const screens = [
  '/staff', '/staff/people', '/staff/people/:student', '/staff/admissions', '/staff/admissions/enquiries', '/staff/tours', '/staff/starters',
  '/staff/classes', '/staff/consents', '/staff/messages', '/staff/fees', '/staff/families/requests', '/staff/data-checks', '/staff/absences'
]
// A screen's dialog each, opened and closed with the keyboard: a form of fields, choices and a date.
const dialogs: Record<string, string> = {
  '/staff/tours': 'New tour', '/staff/consents': 'New purpose', '/staff/messages': 'New club', '/staff/fees': 'New schedule'
}

describe('every office screen with the keyboard alone, in the dark', () => {
  let context: BrowserContext
  let page: Page
  let student: string
  const report: string[] = []
  beforeAll(async () => {
    const demo = await demoSchool()
    const [lily] = await demo.database.db.select({ id: people.id }).from(people)
      .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), isNull(affiliations.validTo)))
      .where(and(eq(people.schoolId, demo.id), eq(people.familyName, 'Bennett'), eq(people.givenNames, 'Lily'))).limit(1)
    student = lily!.id
    const { cookie } = await staffSession(demo as Parameters<typeof staffSession>[0], 'admin')
    context = await (await useBrowser()).newContext({ colorScheme: 'dark' })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
    if (process.env.KEYBOARD_REPORT) writeFileSync(process.env.KEYBOARD_REPORT, report.join('\n'))
  })

  // The sidebar, the same on every screen, is walked whole on the first (Today); the rest from their skip link.
  it.each(screens)('%s: reaches each control in turn, shows where focus is, hides no focused control under another, and keeps its contrast', async (screen) => {
    const { problems, walked } = await walkScreen(page, screen.replace(':student', student), { wholeFrame: screen === '/staff', dialog: dialogs[screen] })
    report.push(...problems, ...walked)
    expect(problems).toEqual([])
  })
})
