/**
 * `export …` commands of the admin CLI (cli/admin.ts registers them with its own helpers):
 *
 *   npm run -s admin -- export run --school ID
 *   npm run -s admin -- export columns --school ID
 *   npm run -s admin -- export classify --school ID --column table.column --class restricted
 *   npm run -s admin -- export retention --school ID --days N
 */
import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'
import { classifyExportColumn, listExportColumns } from '../server/domain/exports/column-classes'
import { produceSchoolExports } from '../server/domain/exports/produce-exports'
import { setExportRetention } from '../server/domain/exports/retention'
import { configuredExportStorage } from '../server/domain/exports/storage/export-storage'

interface CliKit {
  withDatabase: (work: (database: Database) => Promise<void>) => Promise<void>
  report: (json: boolean, value: unknown, human: string) => void
  json: { type: 'boolean', description: string, default: false }
}

export function exportCommands({ withDatabase, report, json }: CliKit) {
  const school = { type: 'string', required: true, description: 'The school\'s id (sch_…)' } as const
  const contextFor = async (database: Database, schoolId: string) => systemContext(database, await requireSchool(database, schoolId), 'cli')

  const run = defineCommand({
    meta: { name: 'run', description: 'Produce the school\'s export files now, one per table its modules export' },
    args: { school, json },
    run: ({ args }) => withDatabase(async (database) => {
      const storage = configuredExportStorage()
      const files = await produceSchoolExports(await contextFor(database, args.school), { storage })
      const listed = files.map(({ id, tableKey, fileName, rows, checksum }) => ({ id, key: tableKey, fileName, rows, checksum }))
      report(
        args.json, { files: listed, storage: storage.description },
        listed.map(file => `${file.fileName}  ${file.rows} rows  ${file.checksum}`).join('\n')
        || 'The school exports no table: its exports module, or every module with tables, is off.'
      )
    })
  })

  const columns = defineCommand({
    meta: { name: 'columns', description: 'List every export column with its class at the school and its default' },
    args: { school, json },
    run: ({ args }) => withDatabase(async (database) => {
      const list = await listExportColumns(await contextFor(database, args.school))
      report(args.json, list, list.map(column => `${column.column}  ${column.class}${column.class === column.default ? '' : ` (default ${column.default})`}`)
        .join('\n'))
    })
  })

  const classify = defineCommand({
    meta: {
      name: 'classify',
      description: 'Move an export column up to personal or restricted (never below its default); restricted columns are never written'
    },
    args: {
      school,
      column: { type: 'string', required: true, description: 'table.column, such as people.email' },
      class: { type: 'string', required: true, description: 'general, personal or restricted' },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      const list = await classifyExportColumn(await contextFor(database, args.school), args.column, args.class)
      report(args.json, list, `${args.column} is now ${args.class}.`)
    })
  })

  const retention = defineCommand({
    meta: { name: 'retention', description: 'Set how many days export files are kept (default 30); the newest of each table always stays' },
    args: { school, days: { type: 'string', required: true, description: 'Days, 1 to 3650' }, json },
    run: ({ args }) => withDatabase(async (database) => {
      const set = await setExportRetention(await contextFor(database, args.school), Number(args.days))
      report(args.json, set, `Export files are kept ${set.retentionDays} days.`)
    })
  })

  return defineCommand({
    meta: { name: 'export', description: 'Produce warehouse export files and set their column classes and retention' },
    subCommands: { run, columns, classify, retention }
  })
}
