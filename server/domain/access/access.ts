import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import type { Actor, SystemName } from '../shared/actor'
import { domainError } from '../shared/domain-error'
import { everyCapability, isScope, type Capability } from './catalogue'
import { roleCapabilities } from './roles'

/**
 * Who asks, as the surface that identified them knows them. Each kind is turned into what it may do
 * here and nowhere else. A family member holds no capability at all: what they may see or do about a
 * child is their standing (standing.ts), asked per child and purpose by every portal route.
 */
export type Caller =
  /** A bearer token (`/api/v1`): its scopes, no more. */
  | { kind: 'token', tokenId: string, issuedVia: 'settings' | 'rostering', scopes: readonly string[] }
  /** A member of staff signed in to the screens (`/api/app`): what their role grants at the school. */
  | { kind: 'staff', accountId: string, sessionId?: string, role: string }
  /** An adult in the family portal (`/api/app/portal`): no capability; standing decides per child. */
  | { kind: 'family', accountId: string, sessionId: string, personId: string }
  /** The service acting for itself (the CLI, a task, first start): the operator, who may do everything. */
  | { kind: 'system', name: SystemName }

/** What a caller may do: who they are, as the history records them, and the capabilities they hold. */
export interface Access {
  actor: Actor
  capabilities: ReadonlySet<Capability>
}

/** The access of the service acting for itself, under the name its work is recorded with. */
export function systemAccess(name: SystemName): Access {
  return { actor: { kind: 'system', name }, capabilities: everyCapability }
}

/** What this caller may do at the school. */
export async function accessFor(database: Database, school: Pick<SchoolRef, 'id'>, caller: Caller): Promise<Access> {
  switch (caller.kind) {
    case 'token':
      return { actor: { kind: 'token', tokenId: caller.tokenId, issuedVia: caller.issuedVia }, capabilities: new Set(caller.scopes.filter(isScope)) }
    case 'staff':
      return {
        actor: { kind: 'staff', accountId: caller.accountId, sessionId: caller.sessionId },
        capabilities: await roleCapabilities(database, school.id, caller.role)
      }
    case 'family':
      return { actor: { kind: 'family', accountId: caller.accountId, sessionId: caller.sessionId, personId: caller.personId }, capabilities: new Set() }
    case 'system':
      return systemAccess(caller.name)
  }
}

/** Whether the caller holds the capability: for a read that shows more to those who do (Activity's restricted entries). */
export function holdsCapability(access: Pick<Access, 'capabilities'>, capability: Capability): boolean {
  return access.capabilities.has(capability)
}

/** `forbidden`, naming the capability, unless the caller holds it. */
export function assertCapability(access: Pick<Access, 'capabilities'>, capability: Capability): void {
  if (!access.capabilities.has(capability)) {
    throw domainError('forbidden', [`The caller lacks the capability ${capability}.`], { data: { missingScope: capability } })
  }
}
