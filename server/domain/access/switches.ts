import { sql, type Column, type SQL } from 'drizzle-orm'
import type { ModuleMode, ModuleName } from '../../../shared/vocabulary'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'

/*
 * The school's switches: each module (part of the service) is on, read-only or off. Every way in
 * asks here: the request pipeline for a route's module, the exports (CLI and task) for the tables
 * they write, the webhook worker in its claim query.
 */

/** How the school runs a module; on unless it said otherwise. */
export function moduleSwitch(school: Pick<SchoolRef, 'modules'>, module: ModuleName): ModuleMode {
  return school.modules[module] ?? 'on'
}

/** `component_off` when the school does not run the module, or keeps it read-only and this is a write: the same for every caller. */
export function assertModuleOpen(school: Pick<SchoolRef, 'modules'>, module: ModuleName, work: 'read' | 'write'): void {
  const mode = moduleSwitch(school, module)
  if (mode === 'off' || (mode === 'read_only' && work === 'write')) {
    throw domainError('component_off', [mode === 'off'
      ? `The school does not run the ${module} part of the service.`
      : `The school keeps the ${module} part of the service read-only.`])
  }
}

/**
 * The same switch, off, as a condition on the schools table's stored `modules`, for a query that
 * must leave a switched-off school's work where it is. The modules are stored as JSON.stringify
 * writes them (server/domain/schools/create-school.ts): no spaces.
 */
export function moduleOffIn(storedModules: Column, module: ModuleName): SQL {
  return sql`${storedModules} like ${`%"${module}":"off"%`}`
}
