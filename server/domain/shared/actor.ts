/**
 * Who acts: the one type every surface, the CLI and the workers name their caller with, carried to
 * every domain function in its `DomainContext`.
 */
export type Actor =
  | { kind: 'token', tokenId: string, issuedVia: 'settings' | 'rostering' }
  /** A member of staff signed in to the screens, through one session. */
  | { kind: 'staff', accountId: string, sessionId?: string }
  /** An adult in the family portal: their account, and the person on file they act as. */
  | { kind: 'family', accountId: string, sessionId: string, personId: string }
  | { kind: 'system', name: SystemName }

/**
 * The names the service acts under for itself, one per way in, so that a record names each one way
 * only: `cli` for every command of the admin CLI, a task by its task name, `first-start` and `demo`
 * for what the server makes at its first start, `bench` and `test` for the benchmark's and the
 * tests' own writes; `notifications:deliver` for every channel's delivery workers and the gateways'
 * delivery reports, which record a notice's outcome; `absences:notify` for the notices of absences the attendance system reported;
 * `consents:remind` for an ask's scheduled reminders; `retention:sweep` for the nightly retention sweep and its erasures.
 */
export type SystemName =
  | 'cli' | 'first-start' | 'demo' | 'exports:produce' | 'sync:apply' | 'webhooks:deliver' | 'notifications:deliver' | 'absences:notify'
  | 'consents:remind' | 'oneroster:serve' | 'retention:sweep' | 'bench' | 'test'

/**
 * Who acted, as every record keeps it (an application's `offeredBy`, `answeredBy`, an event's
 * `recordedBy`, a restricted view's `viewedBy`, a token's issuer other than a member of staff):
 * `token:tok_…`, `staff:acc_…`, `family:acc_…` or `system:cli`. The one form: nothing else spells an actor.
 */
export function recordedActor(actor: Actor): string {
  switch (actor.kind) {
    case 'token': return `token:${actor.tokenId}`
    case 'staff': return `staff:${actor.accountId}`
    case 'family': return `family:${actor.accountId}`
    case 'system': return `system:${actor.name}`
  }
}

/** A recorded actor read back into its kind and the id (or system name) after the colon. */
export function readRecordedActor(recorded: string): { kind: Actor['kind'], id: string } | undefined {
  const colon = recorded.indexOf(':')
  const kind = recorded.slice(0, colon)
  return kind === 'token' || kind === 'staff' || kind === 'family' || kind === 'system' ? { kind, id: recorded.slice(colon + 1) } : undefined
}
