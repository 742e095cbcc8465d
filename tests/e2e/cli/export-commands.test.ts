import { describe, expect, it } from 'vitest'
import { adminRun } from '../../support/admin-cli'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { exportTables } from '../../../server/domain/exports/tables'

async function admin(...args: string[]): Promise<{ code: number, json: any }> {
  const { code, stdout } = await adminRun([...args, '--json'])
  return { code, json: JSON.parse(stdout) }
}

describe('admin export commands', () => {
  it('produces the files now, and classifies columns up but never below their default', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, [{ familyName: 'Cli', givenNames: 'Person' }])
    const first = await admin('export', 'run', '--school', school.id)
    expect(first.code).toBe(0)
    expect(first.json.files.map((file: any) => file.key)).toEqual(exportTables.map(table => table.key))
    expect(first.json.files[0]).toMatchObject({ id: expect.stringMatching(/^exp_/), rows: 1, checksum: expect.stringMatching(/^sha256:/) })

    expect(await admin('export', 'classify', '--school', school.id, '--column', 'people.email', '--class', 'restricted')).toMatchObject({ code: 0 })
    expect(await admin('export', 'classify', '--school', school.id, '--column', 'people.familyName', '--class', 'general'))
      .toEqual({ code: 1, json: { error: { code: 'unprocessable', detail: ['people.familyName is personal by default and cannot be moved below that.'] } } })
    expect((await admin('export', 'classify', '--school', school.id, '--column', 'people.nothing', '--class', 'restricted')).json.error.code).toBe('not_found')
    const columns = (await admin('export', 'columns', '--school', school.id)).json
    expect(columns).toContainEqual({ column: 'people.email', class: 'restricted', default: 'personal' })
    expect(columns).toContainEqual({ column: 'affiliations.exitReason', class: 'restricted', default: 'restricted' })
    expect(await admin('export', 'retention', '--school', school.id, '--days', '0')).toMatchObject({ code: 1, json: { error: { code: 'unprocessable' } } })
    expect(await admin('export', 'retention', '--school', school.id, '--days', '7')).toEqual({ code: 0, json: { retentionDays: 7 } })
  })
})
