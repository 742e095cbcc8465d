import { readFile, stat, writeFile } from 'node:fs/promises'
import { defineCommand } from 'citty'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'
import { domainError } from '../server/domain/shared/domain-error'
import { saveAcademicSession } from '../server/domain/timetable/save-academic-session'
import { importTimetable } from '../server/domain/timetable/import-timetable'
import { rosterZip } from '../server/domain/rosters/roster-zip'
import { privateFileMode } from '../db/private-files'
import type { AcademicSessionKind } from '../shared/vocabulary'
import { jsonFlag as json, Refusal, report, withDatabase } from './command-support'

const school = { type: 'string', required: true, description: 'The school\'s id (sch_…)' } as const
const maxFileBytes = 8 * 1024 * 1024

const session = defineCommand({
  meta: { name: 'session', description: 'Record a school year or a term (or change the one with the same code)' },
  args: {
    school,
    code: { type: 'string', required: true, description: 'The school\'s code for it, such as 2026 or 2026T1' },
    title: { type: 'string', required: true, description: 'Its name, such as Term 1' },
    kind: { type: 'string', required: true, description: 'school_year or term' },
    from: { type: 'string', required: true, description: 'First day, YYYY-MM-DD' },
    to: { type: 'string', required: true, description: 'Last day, YYYY-MM-DD' },
    parent: { type: 'string', description: 'A term\'s school year, by its code' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const ctx = systemContext(database, await requireSchool(database, args.school), 'cli')
    const saved = await saveAcademicSession(
      ctx,
      { code: args.code, title: args.title, kind: args.kind as AcademicSessionKind, startsOn: args.from, endsOn: args.to, parentCode: args.parent ?? null }
    )
    report(args.json, saved, `${saved.created ? 'Recorded' : 'Changed'} ${args.kind} ${args.code} (${saved.id})`)
  })
})

const timetableImport = defineCommand({
  meta: { name: 'import', description: 'Load a term\'s timetable from a CSV file (docs/timetable.md), all or nothing' },
  args: {
    school,
    file: { type: 'string', required: true, description: 'The CSV file, UTF-8, at most 8 MB' },
    from: { type: 'string', description: 'The first day the file holds for, YYYY-MM-DD; default today in the school\'s zone' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const ctx = systemContext(database, await requireSchool(database, args.school), 'cli')
    const size = await stat(args.file).then(found => found.size, () => {
      throw new Refusal('not_found', `No file at ${args.file}.`)
    })
    if (size > maxFileBytes) throw new Refusal('payload_too_large', 'The file is larger than 8 MB.')
    let csv: string
    try {
      csv = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(args.file))
    } catch {
      throw new Refusal('bad_request', 'The file is not UTF-8 text.')
    }
    const result = await importTimetable(ctx, csv, { from: args.from })
    if (!result.applied) {
      throw domainError(
        'unprocessable', result.problems.map(p => `Line ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`),
        { data: { problems: result.problems } }
      )
    }
    report(args.json, result, `Timetable loaded: ${Object.entries(result.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`)
  })
})

const rosterExport = defineCommand({
  meta: { name: 'export', description: 'Write today\'s roster as a zip (oneroster.zip, sds.zip or oneroster12.zip), checked as the API checks it' },
  args: {
    school,
    format: { type: 'string', required: true, description: 'oneroster, sds or oneroster12' },
    out: { type: 'string', required: true, description: 'Where to write the zip' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const ctx = systemContext(database, await requireSchool(database, args.school), 'cli')
    const zip = await rosterZip(ctx, args.format)
    await writeFile(args.out, zip.bytes, { mode: privateFileMode })
    report(
      args.json, { file: args.out, bytes: zip.bytes.length, counts: zip.counts },
      `Wrote ${args.out} (${zip.bytes.length} bytes): ${Object.entries(zip.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`
    )
  })
})

export const timetableCommands = defineCommand({
  meta: { name: 'timetable', description: 'Record school years and terms; load a term\'s timetable from CSV' },
  subCommands: { session, import: timetableImport }
})
export const rosterCommands = defineCommand({
  meta: { name: 'roster', description: 'Write a school\'s roster set (OneRoster 1.1 or SDS 2.1) as a zip' }, subCommands: { export: rosterExport }
})
