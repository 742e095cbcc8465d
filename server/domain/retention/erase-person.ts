import type { RetentionRecordClass } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'

/** Why a person is erased: a class of the schedule whose period passed, or a request to erase (subject access). */
export type ErasureGround =
  | { kind: 'schedule', recordClass: RetentionRecordClass }
  | { kind: 'request', requestId: string }

export type ErasureOutcome = 'erased' | 'held' | 'under_request' | 'not_found'

/**
 * Erases one person in one transaction (issue 42 point 3): names, date of birth, contact details, notes, documents and
 * free text go; what others need stays as a tombstone with no personal data; `person.erased` is announced; the erasure
 * is counted in `retention_actions`. A person under a legal hold (`held`) or an open subject access request
 * (`under_request`, unless the request is the ground itself) is left whole. CONTRACT STUB: implemented by the lead.
 */
export async function erasePerson(_ctx: DomainContext, _personId: string, _ground: ErasureGround): Promise<ErasureOutcome> {
  throw new Error('erasePerson: not built yet')
}
