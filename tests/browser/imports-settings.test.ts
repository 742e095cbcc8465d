import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { activity } from '../../db/schema'
import { callApi } from '../support/api'
import { useBrowser } from '../support/browser'
import { newSchool } from '../support/schools'
import { checkScreen, newcomerLink, pageWithAuthenticator, registerFirstPasskey, siteUrl } from '../support/staff-browser'
import { syncFile, syncPeople } from '../support/sync-files'

/** Picks an option of the select a form field labels, as a person would: open it, choose. */
async function choose(page: Page, label: string, option: string) {
  // A required field's label ends with a star the browser counts in its name.
  await page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function activityKinds(school: Awaited<ReturnType<typeof newSchool>>, subjectId: string) {
  const rows = await school.database.db.select({ kind: activity.kind }).from(activity)
    .where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, subjectId)))
  return rows.map(row => row.kind)
}

// The HRIS export screen and the people sync screens (docs/screens.md), each on its main path.
describe('the HRIS import and people sync screens', () => {
  it('maps an HRIS sample with a live preview, saves it, and shows the counts of an import sent with its id', async () => {
    const school = await newSchool({ name: 'Mapping Grammar' })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    await registerFirstPasskey(page, (await newcomerLink(school)).url)
    await page.goto(`${siteUrl()}/staff/settings/hris`)
    await page.waitForLoadState('networkidle')

    const csv = [
      'Employee No,Surname,First Names,DOB,Commenced,Position',
      'E100,Nguyen,Anh,03/04/1980,15/01/2020,Teacher',
      'E101,Smith,Jo,31/12/1975,01/02/2019,Librarian',
      'E102,Brown,Sam,1990-05-05,01/03/2021,Aide'
    ].join('\n') + '\n'
    await page.getByLabel('Sample export (CSV)').setInputFiles({ name: 'payroll.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('columnheader', { name: 'First Names' }).waitFor()

    await choose(page, 'Employee id', 'Employee No')
    await choose(page, 'Family name', 'Surname')
    await choose(page, 'Given names', 'First Names')
    await choose(page, 'Date of birth', 'DOB')
    await choose(page, 'Start date', 'Commenced')
    await choose(page, 'Role', 'Position')
    await choose(page, 'How the export writes days', 'DD/MM/YYYY')
    // The preview reads days in the chosen format, and marks the one it cannot read.
    await page.getByText('1980-04-03').waitFor()
    await page.getByText('Unknown: “1990-05-05”, Not a day written DD/MM/YYYY.').waitFor()
    expect(await page.getByText('Would import', { exact: true }).count()).toBe(2)

    await page.getByRole('textbox', { name: /^Name\s*\*?$/ }).fill('Payroll export')
    await page.getByRole('button', { name: 'Save the mapping' }).click()
    const saved = (await page.getByTestId('hris-mapping-id').textContent())!
    const mappingId = /hrm_[0-9a-z]+/.exec(saved)![0]
    expect(await activityKinds(school, mappingId)).toEqual(['hris_mapping.saved'])

    const token = await school.token(['staff.import'])
    const imported = await callApi('/api/v1/staff/import', { token, body: { mappingId, csv } })
    expect(imported.status).toBe(200)
    expect(imported.body.counts).toMatchObject({ rows: 3, created: 2, opened: 2, problems: 1 })

    const imports = page.getByRole('table', { name: 'Past staff imports' })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await imports.getByRole('cell', { name: 'Payroll export' }).waitFor()
    const importRow = imports.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Payroll export' }) })
    expect((await importRow.getByRole('cell').allTextContents()).map(text => text.trim()))
      .toEqual([expect.any(String), 'Payroll export', '3', '2', '2', '0', '0', '1'])
    await imports.getByRole('button', { name: /^1 problems of the import/ }).click()
    const problems = page.getByRole('table', { name: 'Problems by line' })
    await problems.getByRole('cell', { name: 'Not a day written DD/MM/YYYY.' }).waitFor()
    const problemRow = problems.getByRole('row').filter({ hasText: 'Not a day written' })
    expect((await problemRow.getByRole('cell').allTextContents()).map(text => text.trim())).toEqual(['4', 'DOB', 'Not a day written DD/MM/YYYY.'])
    await checkScreen(page, 'settings-hris-mapped')
    await context.close()
  })

  it('shows why a first sync run paused and what it would do, confirms it, follows it to applied, and reverts it', async () => {
    const school = await newSchool({ name: 'Sync Screens College' })
    const { page, context } = await pageWithAuthenticator(await useBrowser())
    await registerFirstPasskey(page, (await newcomerLink(school)).url)
    const token = await school.token(['people.sync'])
    const sent = await callApi('/api/v1/people/sync', { token, body: { system: 'Compass', scope: 'full', file: syncFile(syncPeople(12)) } })
    expect(sent.status).toBe(202)
    const runId: string = sent.body.run.id

    await page.goto(`${siteUrl()}/staff/settings/sync`)
    await page.waitForLoadState('networkidle')
    const runs = page.getByRole('table', { name: 'People sync runs' })
    await runs.getByRole('cell', { name: 'Compass' }).waitFor()
    await checkScreen(page, 'settings-sync-runs')
    await runs.getByRole('link').first().click()
    await page.waitForURL(new RegExp(`/staff/settings/sync/${runId}$`))

    // The shared server's worker plans the run and pauses it: the system's first run.
    await page.getByText('Why it paused').waitFor({ timeout: 30_000 })
    await page.getByText('This is the system\'s first run: confirm it to apply.', { exact: false }).waitFor()
    await page.getByRole('tab', { name: 'Would create (12)' }).waitFor()
    await page.getByRole('cell', { name: /Family1, Given 1\s*id S00001/ }).waitFor()
    await checkScreen(page, 'settings-sync-run-paused')

    await page.getByRole('button', { name: 'Confirm and apply' }).click()
    const prompt = page.getByRole('dialog', { name: 'Confirm it\'s you' })
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Confirm with passkey' }).click()
    // The page follows the worker until the run is applied; the bar shows while it is queued or applying.
    await page.getByText('applied', { exact: true }).waitFor({ timeout: 30_000 })
    await page.getByRole('tab', { name: 'Created (12)' }).waitFor()
    await page.getByRole('cell', { name: /Family1, Given 1/ }).waitFor()
    expect(await page.getByRole('progressbar', { name: 'Applying the run' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Revert this run…' }).click()
    const ask = page.getByRole('dialog', { name: 'Revert this run?' })
    await ask.getByText('12 people it created are removed').waitFor()
    await ask.getByRole('button', { name: 'Revert the run' }).click()
    await page.getByText('reverted', { exact: true }).waitFor()
    await checkScreen(page, 'settings-sync-run-reverted')
    expect((await activityKinds(school, runId)).sort()).toEqual(['sync_run.confirmed', 'sync_run.reverted'])
    await context.close()
  })
})
