/**
 * The revert row of the imports bench (scripts/bench/import-runs.ts), in a process of its own so that the
 * peak RSS is the revert's own and the dialect is fixed at start as the server's is: reverts the applied
 * run as the admin CLI's `sync revert` does, and prints, as JSON, the seconds it took and the peak RSS.
 */
import { openDatabase } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { revertSyncRun } from '../../server/domain/imports/revert-sync'

const [schoolId = '', runId = ''] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId), 'bench')
const began = performance.now()
const reverted = await revertSyncRun(ctx, runId)
const seconds = (performance.now() - began) / 1000
console.log(JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, status: (reverted as { status?: string }).status }))
await database.close()
