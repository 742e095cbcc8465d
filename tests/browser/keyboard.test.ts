import { describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { affiliations, people } from '../../db/schema'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { siteUrl } from '../support/staff-browser'
import { walkScreens } from '../support/keyboard-walk'

// Every office screen in the dark theme, walked with Tab alone (tests/support/keyboard-walk.ts says what is
// checked); the settings screens are walked by keyboard-settings.test.ts, beside this file. Each screen's own
// file scans it in light with every rule, in its states.
describe('every office screen with the keyboard alone, in the dark', () => {
  it('reaches each control in turn, shows where focus is, hides no focused control under another, and keeps its contrast', async () => {
    const demo = await demoSchool()
    // One student every run, with two parents, who pay and have family access (the demo's Bennetts): the record
    // walked is the same whatever ids a run makes.
    const [student] = await demo.database.db.select({ id: people.id }).from(people)
      .innerJoin(affiliations, and(eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), isNull(affiliations.validTo)))
      .where(and(eq(people.schoolId, demo.id), eq(people.familyName, 'Bennett'), eq(people.givenNames, 'Lily'))).limit(1)
    const { cookie } = await staffSession(demo as Parameters<typeof staffSession>[0], 'admin')
    const screens = [
      '/staff', '/staff/people', `/staff/people/${student!.id}`, '/staff/admissions', '/staff/admissions/enquiries', '/staff/tours', '/staff/starters',
      '/staff/classes', '/staff/consents', '/staff/messages', '/staff/fees', '/staff/families/requests'
    ]
    const context = await (await useBrowser()).newContext({ colorScheme: 'dark' })
    await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
    // A screen's dialog each, opened and closed with the keyboard: a form of fields, choices and a date.
    const dialogs = { '/staff/tours': 'New tour', '/staff/consents': 'New purpose', '/staff/messages': 'New group', '/staff/fees': 'New schedule' }
    const { problems, walked } = await walkScreens(await context.newPage(), screens, { walkFrame: true, dialogs })
    await context.close()
    if (process.env.KEYBOARD_REPORT) (await import('node:fs')).writeFileSync(process.env.KEYBOARD_REPORT, [...problems, ...walked].join('\n'))
    expect(problems).toEqual([])
  }, 300_000)
})
