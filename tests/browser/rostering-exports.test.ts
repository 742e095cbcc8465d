import { readFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { useBrowser } from '../support/browser'
import { demoSchool } from '../support/demo-school'
import { staffSession } from '../support/staff-sessions'
import { checkScreen, siteUrl } from '../support/staff-browser'
import { buildRoster } from '../../server/domain/rosters/build-roster'
import { produceSchoolExports } from '../../server/domain/exports/produce-exports'
import { configuredExportStorage } from '../../server/domain/exports/storage/export-storage'
import { activity } from '../../db/schema'

async function signedInPage(school: Awaited<ReturnType<typeof demoSchool>>) {
  const { cookie } = await staffSession(school, 'admin')
  const context = await (await useBrowser()).newContext({ acceptDownloads: true })
  await context.addCookies([{ name: 'rollbook_session', value: cookie.split('=')[1]!, url: siteUrl() }])
  return { context, page: await context.newPage() }
}

describe('the rostering and exports settings screens', () => {
  it('the old /staff/rosters bookmark reaches the rostering screen, which previews every set and downloads each as a zip of its files', async () => {
    const school = await demoSchool()
    const { context, page } = await signedInPage(school)
    await page.goto(`${siteUrl()}/staff/rosters`)
    await page.waitForURL(/\/staff\/settings\/rostering$/)
    await page.getByText('OneRoster 1.1', { exact: true }).waitFor({ timeout: 60_000 })
    await page.getByText('School Data Sync 2.1', { exact: true }).waitFor()
    await page.getByText('OneRoster 1.2', { exact: true }).waitFor()

    const expected = await buildRoster(school.context, 'oneroster')
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download oneroster.zip' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('oneroster.zip')
    const files = unzipSync(new Uint8Array(await readFile((await file.path())!)))
    expect(Object.keys(files).sort()).toEqual(expected.files.map(entry => entry.name).sort())
    expect(new TextDecoder().decode(files['classes.csv'])).toBe(expected.files.find(entry => entry.name === 'classes.csv')!.content)
    expect(expected.counts.classes).toBeGreaterThan(0)

    const newer = await buildRoster(school.context, 'oneroster12')
    const newerDownload = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download oneroster12.zip' }).click()
    const newerFile = await newerDownload
    expect(newerFile.suggestedFilename()).toBe('oneroster12.zip')
    const newerFiles = unzipSync(new Uint8Array(await readFile((await newerFile.path())!)))
    expect(Object.keys(newerFiles).sort()).toEqual(newer.files.map(entry => entry.name).sort())
    expect(new TextDecoder().decode(newerFiles['roles.csv'])).toBe(newer.files.find(entry => entry.name === 'roles.csv')!.content)

    // The preview shows each file's row count, and the classes the sets hold with their members.
    const users = expected.files.find(entry => entry.name === 'users.csv')!.content.trimEnd().split('\r\n').length - 1
    await page.getByText(`users.csv: ${users} rows`).first().waitFor()
    await page.getByRole('table', { name: 'Classes in the roster sets' }).waitFor()
    await page.getByRole('button', { name: /^Members of / }).first().click()
    await page.getByRole('table', { name: /^Members of / }).getByRole('row').nth(1).waitFor()

    await checkScreen(page, 'settings-rostering-demo')
    await context.close()
  })

  it('the old /staff/exports bookmark reaches the exports screen, which downloads the newest file of a table and records class and retention changes '
    + 'in Activity', async () => {
    const school = await demoSchool()
    const produced = await produceSchoolExports(school.context, { storage: configuredExportStorage() })
    const people = produced.find(file => file.tableKey === 'people')!
    const { context, page } = await signedInPage(school)
    await page.goto(`${siteUrl()}/staff/exports`)
    await page.waitForURL(/\/staff\/settings\/exports$/)
    await page.getByText(people.checksum).waitFor({ timeout: 60_000 })

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: `Download ${people.fileName}` }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(people.fileName)
    const bytes = await readFile((await file.path())!)
    expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(people.checksum)
    expect(bytes.toString('utf8').split('\r\n')[0]).toContain('familyName')

    // A column moved up from its default, then retention: both land in Activity, as this member.
    await page.getByRole('combobox', { name: 'Class of people.id' }).click()
    await page.getByRole('option', { name: 'personal' }).click()
    await page.getByText('people.id is now personal', { exact: true }).waitFor()
    await page.getByLabel('Days to keep export files').fill('45')
    await page.getByRole('button', { name: 'Save retention' }).click()
    await page.getByText('Export files are kept 45 days', { exact: true }).waitFor()
    const entries = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id)))
    expect(entries.filter(entry => entry.kind === 'column_class.changed' && entry.subjectId === 'people.id').map(entry => JSON.parse(entry.changes!)))
      .toContainEqual({ class: ['general', 'personal'] })
    expect(entries.some(entry => entry.kind === 'retention.changed' && entry.actor?.startsWith('staff:'))).toBe(true)

    await page.mouse.move(0, 0)
    await checkScreen(page, 'settings-exports-demo')
    // Put the column back, so other tests read the demo school's defaults.
    await page.getByRole('combobox', { name: 'Class of people.id' }).click()
    await page.getByRole('option', { name: 'general' }).click()
    await page.getByText('people.id is now general', { exact: true }).waitFor()
    await context.close()
  })
})
