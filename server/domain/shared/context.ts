import type { Database } from '../../../db/client'
import { systemAccess, type Access } from '../access/access'
import type { SystemName } from './actor'
import type { SchoolRef } from './school-ref'

export type { Actor, SystemName } from './actor'

/**
 * What every domain function, read or write, receives: the school, the database, and the caller's
 * access (who acts and what they may do, server/domain/access/access.ts), which decides what a read
 * includes and what a write may do. Callers build it once (the request pipeline, the CLI, a task, a test) and pass it on.
 */
export interface DomainContext extends Access {
  database: Database
  school: SchoolRef
  /**
   * Called by writeChanges inside its transaction, after the work, with its result: the request
   * pipeline stores an idempotent request's answer there, so the answer and the work commit together.
   */
  withinWrite?: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], result: unknown) => Promise<void>
}

/** The context of the service acting for itself (the CLI, a task, a test): it may see everything. */
export function systemContext(database: Database, school: SchoolRef, name: SystemName): DomainContext {
  return { database, school, ...systemAccess(name) }
}
