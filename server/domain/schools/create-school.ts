import { eq, sql } from 'drizzle-orm'
import { campuses, schools, type ModuleMode, type ModuleName, moduleNames } from '../../../db/schema'
import { isOneOf } from '../../../shared/vocabulary'
import { domainError, requirePlainLines, validationFailed } from '../shared/domain-error'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { defaultSchoolLists } from './default-lists'
import { requireSchool } from './find-school'
import { recordActivity } from '../activity/record-activity'
import { excerpt } from '../../../shared/excerpt'

export interface CreateSchoolInput {
  name: string
  timeZone: string
  campuses?: { name: string, sisCode?: string }[]
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.length > 0
  } catch {
    return false
  }
}

/** Creates a school with the default lists and every module on. */
export async function createSchool(database: Database, input: CreateSchoolInput) {
  requirePlainLines([
    ['name', input.name],
    ...(input.campuses ?? []).flatMap((campus, i) => [[`campuses[${i}].name`, campus.name], [`campuses[${i}].sisCode`, campus.sisCode]] as const)
  ])
  const name = input.name.trim()
  if (!name) throw validationFailed([{ path: 'name', message: 'A school needs a name.' }])
  if (!isTimeZone(input.timeZone)) throw validationFailed([{ path: 'timeZone', message: `${excerpt(input.timeZone)} is not an IANA time zone.` }])
  const id = newId('sch')
  await database.transaction(async (tx) => {
    await tx.insert(schools).values({
      id, name, timeZone: input.timeZone, lists: JSON.stringify(defaultSchoolLists()), modules: '{}', createdAt: timestampNow()
    })
    for (const campus of input.campuses ?? []) {
      await tx.insert(campuses).values({ id: newId('cmp'), schoolId: id, name: campus.name, sisCode: campus.sisCode ?? null })
    }
  })
  return { id }
}

const modeWords: Record<ModuleMode, string> = { on: 'on', read_only: 'read-only', off: 'off' }

/** Each module of the school with how the school runs it (on unless it said otherwise). */
export function listSchoolModules(ctx: DomainContext) {
  return moduleNames.map(name => ({ name, mode: ctx.school.modules[name] ?? 'on' as ModuleMode }))
}

/** Switches a module of the school on, off, or to read-only; recorded in Settings → Activity with the change. */
export async function setSchoolModule(ctx: DomainContext, module: ModuleName, mode: ModuleMode) {
  const { database } = ctx
  if (!isOneOf(moduleNames, module)) {
    throw domainError('unprocessable', [`There is no module "${excerpt(module)}". The modules are: ${moduleNames.join(', ')}.`])
  }
  if (!isOneOf(['on', 'read_only', 'off'], mode)) throw domainError('unprocessable', [`A module is on, read_only or off, not "${excerpt(mode)}".`])
  // Read afresh: the context's reference may predate another module's change.
  const school = await requireSchool(database, ctx.school.id)
  const modules = { ...school.modules, [module]: mode }
  const was = school.modules[module] ?? 'on'
  // A module's mode changes what answers say, so kept answers of the school's data go stale with it.
  await database.transaction(async (tx) => {
    await tx.update(schools)
      .set({ modules: JSON.stringify(modules), dataVersion: sql`${schools.dataVersion} + 1` })
      .where(eq(schools.id, school.id))
    if (was !== mode) {
      await recordActivity(tx, ctx, {
        kind: 'modules.changed', subjectType: 'module', subjectId: module, summary: `The ${module} module switched ${modeWords[mode]}`,
        changes: { [module]: [was, mode] }
      })
    }
  })
  return { name: module, mode }
}
