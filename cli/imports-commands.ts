/**
 * The admin CLI's commands for imports, beside the settings screens (Settings → HRIS import and People sync),
 * for self-hosters and scripts:
 *
 *   npm run -s admin -- school set --id ID --held-elsewhere names,dateOfBirth,studentSpans
 *   npm run -s admin -- hris-mapping save --school ID --file mapping.json
 *   npm run -s admin -- hris-mapping list --school ID
 *   npm run -s admin -- sync list --school ID
 *   npm run -s admin -- sync show|confirm|cancel|revert --run ID
 *
 * Each takes --json. A mapping file is the JSON of docs/imports.md; with an `id` it changes that mapping.
 */
import { readFile } from 'node:fs/promises'
import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { requireSchool } from '../server/domain/schools/find-school'
import { updateSchoolSettings } from '../server/domain/schools/school-settings'
import { systemContext } from '../server/domain/shared/context'
import { listHrisMappings, saveHrisMapping } from '../server/domain/imports/hris-mappings'
import { cancelSyncRun, confirmSyncRun } from '../server/domain/imports/sync-run-steps'
import { listSyncRuns, showSyncRun } from '../server/domain/imports/list-sync-runs'
import { schoolIdOfSyncRun } from '../server/domain/imports/sync-runs'
import { revertSyncRun } from '../server/domain/imports/revert-sync'
import type { SyncRunView } from '../shared/schemas/imports'
import type { HeldPart } from '../shared/vocabulary'
import { jsonFlag as json, Refusal, report, withDatabase } from './command-support'

const school = { type: 'string', required: true, description: 'The school\'s id (sch_…)' } as const
const run = { type: 'string', required: true, description: 'The run\'s id (run_…)' } as const

export const schoolSet = defineCommand({
  meta: { name: 'set', description: 'Change a school\'s settings: which parts of a person its SIS keeps' },
  args: {
    'id': { type: 'string', required: true, description: 'The school\'s id (sch_…)' },
    'held-elsewhere': { type: 'string', required: true, description: 'Comma-separated parts its SIS keeps: names, dateOfBirth, studentSpans ("" for none)' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const parts = args['held-elsewhere'].split(',').map(part => part.trim()).filter(Boolean) as HeldPart[]
    const updated = await updateSchoolSettings(systemContext(database, await requireSchool(database, args.id), 'cli'), { heldElsewhere: parts })
    const heldElsewhere = updated.lists.heldElsewhere ?? []
    report(args.json, { id: updated.id, heldElsewhere }, `${updated.id} keeps ${heldElsewhere.join(', ') || 'nothing'} in its SIS`)
  })
})

const mappingSave = defineCommand({
  meta: { name: 'save', description: 'Save an HRIS mapping from a JSON file (with an id, change that mapping)' },
  args: { school, file: { type: 'string', required: true, description: 'The mapping as JSON: { name, columns: { employeeId, … }, dateFormat }' }, json },
  run: ({ args }) => withDatabase(async (database) => {
    let mapping: unknown
    try {
      mapping = JSON.parse(await readFile(args.file, 'utf8'))
    } catch {
      throw new Refusal('validation_failed', `${args.file} is not a readable JSON file.`)
    }
    const saved = await saveHrisMapping(systemContext(database, await requireSchool(database, args.school), 'cli'), mapping as never)
    report(args.json, saved, `Saved HRIS mapping ${saved.id}`)
  })
})

const mappingList = defineCommand({
  meta: { name: 'list', description: 'List a school\'s HRIS mappings' },
  args: { school, json },
  run: ({ args }) => withDatabase(async (database) => {
    const mappings = await listHrisMappings(systemContext(database, await requireSchool(database, args.school), 'cli'))
    report(args.json, mappings, mappings.map(m => `${m.id}  ${m.name}  (${m.dateFormat})`).join('\n') || 'No HRIS mappings.')
  })
})

export const hrisMappingCommand = defineCommand({
  meta: { name: 'hris-mapping', description: 'Save and list the mappings of a school\'s HRIS export' },
  subCommands: { save: mappingSave, list: mappingList }
})

function runLine(r: SyncRunView) {
  const counts = r.created === null ? 'not planned' : `${r.created} created, ${r.amended} amended, ${r.absent} absent, ${r.unchanged} unchanged`
  const reason = r.reason ? `  (${r.reason})` : ''
  const waiting = r.waitingFor ? `  waiting for ${r.waitingFor}` : ''
  return `${r.id}  ${r.status}  ${r.system} ${r.scope}  rows ${r.rows}: ${counts}${reason}${waiting}`
}

/** Runs `work` on a run as the school's office would, from the run's id alone. */
async function onRun<T>(database: Database, runId: string, work: (ctx: ReturnType<typeof systemContext>) => Promise<T>): Promise<T> {
  const ofSchool = await requireSchool(database, await schoolIdOfSyncRun(database, runId))
  return work(systemContext(database, ofSchool, 'cli'))
}

const runStep = (name: string, description: string, step: (ctx: ReturnType<typeof systemContext>, runId: string) => Promise<SyncRunView>) => defineCommand({
  meta: { name, description },
  args: { run, json },
  run: ({ args }) => withDatabase(async (database) => {
    const moved = await onRun(database, args.run, ctx => step(ctx, args.run))
    report(args.json, moved, runLine(moved))
  })
})

export const syncCommand = defineCommand({
  meta: { name: 'sync', description: 'Show, confirm, cancel and revert people sync runs' },
  subCommands: {
    list: defineCommand({
      meta: { name: 'list', description: 'List a school\'s sync runs, newest first' },
      args: { school, json },
      run: ({ args }) => withDatabase(async (database) => {
        const runs = await listSyncRuns(systemContext(database, await requireSchool(database, args.school), 'cli'))
        report(args.json, runs, runs.map(runLine).join('\n') || 'No sync runs.')
      })
    }),
    show: defineCommand({
      meta: { name: 'show', description: 'Show a run with its unreadable lines and problems' },
      args: { run, json },
      run: ({ args }) => withDatabase(async (database) => {
        const shown = await onRun(database, args.run, ctx => showSyncRun(ctx, args.run))
        const lines = [
          ...shown.unreadable.map((u: { line: number, reason: string }) => `  line ${u.line}: ${u.reason}`),
          ...shown.problems.map((p: { row: number, reason: string }) => `  line ${p.row}: ${p.reason}`)
        ]
        report(args.json, shown, [runLine(shown.run), ...lines].join('\n'))
      })
    }),
    confirm: runStep('confirm', 'Confirm a paused run: it applies whatever the thresholds say', confirmSyncRun),
    cancel: runStep('cancel', 'Cancel a paused or queued run: nothing of it is applied', cancelSyncRun),
    revert: runStep('revert', 'Undo an applied run, unless a record it changed moved on since', revertSyncRun)
  }
})
