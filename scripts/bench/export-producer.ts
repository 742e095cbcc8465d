/**
 * A step of the export bench (scripts/bench/exports.ts), each in a process of its own so that the
 * database's dialect is fixed at start as the server's is, and the peak RSS is the step's own:
 * `seed SCHOOL N` adds N people in bulk, as the demo does; `produce SCHOOL` produces the school's
 * export files and prints, as JSON, the seconds it took and the process's peak RSS.
 */
import { openDatabase } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { timestampNow } from '../../server/domain/days/clock'
import { produceSchoolExports } from '../../server/domain/exports/produce-exports'
import { configuredExportStorage } from '../../server/domain/exports/storage/export-storage'
import { DemoBatch } from '../../server/domain/setup/demo/demo-batch'

const [step, schoolId = '', count = '100000'] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId), 'bench')
for (let start = 0; step === 'seed' && start < Number(count); start += 10_000) {
  const batch = new DemoBatch(schoolId, timestampNow())
  for (let i = start; i < Math.min(Number(count), start + 10_000); i++) batch.person(`Family${i}`, `Given ${i}`, { dateOfBirth: '2015-03-01' })
  await writeChanges(ctx, (tx, changes) => batch.write(tx, changes))
}
if (step === 'produce') {
  const began = performance.now()
  const files = await produceSchoolExports(ctx, { storage: configuredExportStorage() })
  const seconds = (performance.now() - began) / 1000
  console.log(JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, people: files.find(file => file.tableKey === 'people') }))
} else {
  console.log(JSON.stringify({ seeded: Number(count) }))
}
await database.close()
