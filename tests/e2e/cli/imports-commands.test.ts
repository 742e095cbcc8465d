import { describe, expect, it } from 'vitest'
import { writeFile, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { adminRun } from '../../support/admin-cli'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../support/sync-files'

/** The bundled admin CLI under `--json`: the answer, or the one JSON error of a refusal. */
async function admin(...args: string[]) {
  return JSON.parse((await adminRun([...args, '--json'])).stdout)
}

describe('admin CLI for imports', () => {
  it('saves and lists HRIS mappings, sets what a school holds elsewhere, and shows, confirms and reverts sync runs', async () => {
    const school = await newSchool()
    const folder = await mkdtemp(join(tmpdir(), 'rollbook-mapping-'))
    const file = join(folder, 'mapping.json')
    await writeFile(file, JSON.stringify({
      name: 'Payroll', columns: { employeeId: 'Emp', familyName: 'Surname', givenNames: 'First', startDate: 'Start' }, dateFormat: 'DD/MM/YYYY'
    }))
    const saved = await admin('hris-mapping', 'save', '--school', school.id, '--file', file)
    expect(saved.id).toMatch(/^hrm_/)
    expect(await admin('hris-mapping', 'list', '--school', school.id)).toMatchObject([{ id: saved.id, name: 'Payroll', dateFormat: 'DD/MM/YYYY' }])
    await writeFile(
      file,
      JSON.stringify({ name: 'Bad', columns: { employeeId: 'Emp', familyName: 'Emp', givenNames: 'First', startDate: 'Start' }, dateFormat: 'DD/MM/YYYY' })
    )
    expect((await admin('hris-mapping', 'save', '--school', school.id, '--file', file)).error.code).toBe('validation_failed')

    expect(await admin('school', 'set', '--id', school.id, '--held-elsewhere', 'names,studentSpans'))
      .toEqual({ id: school.id, heldElsewhere: ['names', 'studentSpans'] })
    expect((await admin('school', 'set', '--id', school.id, '--held-elsewhere', 'shoeSize')).error.code).toBe('unprocessable')

    const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(syncPeople(10)) })
    await settleRun(school.database, staged.run.id)
    expect((await admin('sync', 'show', '--run', staged.run.id)).run).toMatchObject({ id: staged.run.id, status: 'paused', created: 10 })
    expect(await admin('sync', 'list', '--school', school.id)).toMatchObject([{ id: staged.run.id, status: 'paused' }])
    expect((await admin('sync', 'revert', '--run', staged.run.id)).error.code).toBe('unprocessable')
    expect(await admin('sync', 'confirm', '--run', staged.run.id)).toMatchObject({ status: 'queued' })
    expect((await settleRun(school.database, staged.run.id)).status).toBe('applied')
    expect(await admin('sync', 'revert', '--run', staged.run.id)).toMatchObject({ status: 'reverted' })
    expect((await admin('sync', 'cancel', '--run', staged.run.id)).error.code).toBe('unprocessable')
    expect((await admin('sync', 'show', '--run', 'run_missing')).error.code).toBe('not_found')
  }, 120_000)
})
